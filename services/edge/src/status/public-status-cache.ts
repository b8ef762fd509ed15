import type { Logger } from '@modelgate/runtime';

/** `/api/status` data: the public status with `chats` as JSON rather than text. */
export type StatusData = Record<string, unknown>;

export interface PublicStatusCacheOptions {
  /** Fetches the current status from identity. */
  fetch: () => Promise<StatusData>;
  logger: Logger;
  /**
   * Upper bound on staleness if an invalidation event is ever missed (bus outage); the normal
   * path is invalidation by `option.changed`, well under a second.
   */
  maxAgeMs?: number;
}

/**
 * Caches the public status that every console load asks for. One fetch is shared by all
 * concurrent callers; the entry is dropped when identity announces an option change and, as a
 * safety net, after `maxAgeMs`.
 */
export class PublicStatusCache {
  private entry: { value: Promise<StatusData>; at: number } | undefined;
  private generation = 0;
  private readonly maxAgeMs: number;

  constructor(private readonly options: PublicStatusCacheOptions) {
    this.maxAgeMs = options.maxAgeMs ?? 60_000;
  }

  get(): Promise<StatusData> {
    const now = Date.now();
    if (this.entry && now - this.entry.at < this.maxAgeMs) return this.entry.value;
    const generation = this.generation;
    const value = this.options.fetch();
    const entry = { value, at: now };
    this.entry = entry;
    // A failed fetch is not cached; nor is one that an invalidation overtook.
    value.catch(() => {
      if (this.entry === entry) this.entry = undefined;
    });
    void value.then(() => {
      if (this.generation !== generation && this.entry === entry) this.entry = undefined;
    }, () => undefined);
    return value;
  }

  invalidate(): void {
    this.generation++;
    this.entry = undefined;
    this.options.logger.debug('public status cache invalidated');
  }
}
