/** Where an upstream call goes, as undici's dispatcher takes it. */
export interface UpstreamTarget {
  readonly origin: string;
  /** The path with its query string. */
  readonly path: string;
}

/** Distinct URLs remembered before the memory is started afresh. */
const MAX_TARGETS = 1024;

/**
 * Splits upstream URLs into origin and path, remembering the answers: a channel sends every
 * call of an operation to the same URL, so the URL parser runs once per channel and operation
 * instead of once per request. The memory is bounded (a client's query string can make URLs
 * vary); when full it starts afresh, which costs one parse per URL again.
 */
export class UpstreamTargets {
  private readonly known = new Map<string, UpstreamTarget>();

  constructor(private readonly max = MAX_TARGETS) {}

  of(url: string): UpstreamTarget {
    let target = this.known.get(url);
    if (target === undefined) {
      const parsed = new URL(url);
      target = { origin: parsed.origin, path: `${parsed.pathname}${parsed.search}` };
      if (this.known.size >= this.max) this.known.clear();
      this.known.set(url, target);
    }
    return target;
  }

  /** URLs remembered now. */
  get size(): number {
    return this.known.size;
  }
}
