import type { WindowGrant, WindowStore } from './window-store';

/**
 * The {@link WindowStore} contract in memory, for unit tests: the same grant rule as the
 * PostgreSQL statement, with each take answered after `delayMs` (as a round trip would be).
 */
export class MemoryWindowStore implements WindowStore {
  readonly rows = new Map<string, number>();
  takes = 0;
  failing = false;

  constructor(private readonly delayMs = 0) {}

  async take(bucket: string, windowStart: number, _windowMs: number, limit: number, want: number, owed: number): Promise<WindowGrant> {
    this.takes++;
    await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.failing) throw new Error('store down');
    const key = `${bucket}@${windowStart}`;
    const old = this.rows.get(key) ?? 0;
    const next = Math.max(old + owed, Math.min(limit, old + Math.max(want, owed)));
    this.rows.set(key, next);
    return { granted: next - old, taken: next };
  }
}
