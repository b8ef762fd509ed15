/** The statements one part of a migration runs forwards and backwards, one statement per entry. */
export interface SchemaPart {
  /** Run in order by `up`. */
  readonly up: readonly string[];
  /** Run in order by `down`; undoes `up` completely. */
  readonly down: readonly string[];
}
