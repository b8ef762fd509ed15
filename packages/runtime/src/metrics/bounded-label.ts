/** The value every label takes for something the configuration does not name. */
export const OTHER_LABEL = 'other';

/**
 * Label values taken only from configuration: a client-supplied model name becomes a label value
 * only when the deployment serves that model; anything else is {@link OTHER_LABEL}. That keeps the
 * number of series bounded by what the operators configured, whatever clients send.
 */
export function boundedLabel(value: string | undefined, known: (value: string) => boolean): string {
  return value !== undefined && value !== '' && known(value) ? value : OTHER_LABEL;
}

/**
 * Children of a labelled metric, kept by their label values in nested maps, so a hot path that
 * records with the same labels again looks them up without building a key string or asking the
 * metric to hash its labels. The number of children is bounded by the label values allowed.
 */
export class LabelledChildren<T> {
  private readonly root = new Map<string, unknown>();

  constructor(private readonly make: (values: readonly string[]) => T) {}

  get(values: readonly string[]): T {
    let level = this.root;
    const last = values.length - 1;
    for (let i = 0; i < last; i++) {
      const value = values[i]!;
      let next = level.get(value) as Map<string, unknown> | undefined;
      if (!next) {
        next = new Map();
        level.set(value, next);
      }
      level = next;
    }
    const key = values[last] ?? '';
    let child = level.get(key) as T | undefined;
    if (child === undefined) {
      child = this.make(values);
      level.set(key, child);
    }
    return child;
  }

  /** Forgets every child (the metric was reset). */
  clear(): void {
    this.root.clear();
  }
}
