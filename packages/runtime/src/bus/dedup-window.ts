/**
 * Remembers ids for a fixed window, like JetStream's duplicate window: an id seen again before
 * it expires is a duplicate. Memory is bounded by the ids remembered within one window.
 */
export class DedupWindow {
  /** id → expiry (epoch ms). Insertion order is expiry order because the window is fixed. */
  private readonly expiries = new Map<string, number>();

  constructor(private readonly windowMs: number) {}

  /** True when `id` was remembered within the window. */
  has(id: string, now = Date.now()): boolean {
    this.prune(now);
    return this.expiries.has(id);
  }

  /** Remembers `id` for the window from `now`. Call only once the message was accepted. */
  remember(id: string, now = Date.now()): void {
    this.expiries.set(id, now + this.windowMs);
  }

  private prune(now: number): void {
    for (const [id, expiry] of this.expiries) {
      if (expiry > now) return;
      this.expiries.delete(id);
    }
  }
}
