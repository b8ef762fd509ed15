/**
 * `LIKE` / `ILIKE` patterns built from user text. Every search of the services builds its pattern
 * here, so a `%` or `_` typed into a search box matches itself and never widens the search (a
 * keyword of `_` would otherwise match every row). The backslash, PostgreSQL's default `LIKE`
 * escape character, is escaped too, so the pattern is always well-formed.
 */

/** `text` with the `LIKE` wildcards (`%`, `_`) and the escape character (`\`) taken literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** A pattern matching texts that contain `text` anywhere. */
export function likeContains(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** A pattern matching texts that start with `text`. */
export function likePrefix(text: string): string {
  return `${escapeLike(text)}%`;
}
