import type { ServerResponse } from 'node:http';

/**
 * Holds a streamed response's writes of one event-loop turn together. The first write of a turn
 * corks the response; the check phase right after that turn's I/O uncorks it. What one upstream
 * read brings (often a stream's last events and its end, the chunked terminator) then leaves in
 * one socket write instead of one per piece: one packet and one wake-up of the client where there
 * were two. A chunk is never held past its own turn, so a later chunk of a slow stream goes out
 * as soon as it arrives, as before.
 */
export class TurnWrites {
  private pending: NodeJS.Immediate | undefined;

  constructor(private readonly res: ServerResponse) {}

  /** Call before each write: the response stays corked until this turn's I/O is done. */
  hold(): void {
    if (this.pending !== undefined) return;
    this.res.cork();
    this.pending = setImmediate(this.release);
  }

  /**
   * Call before `end()`, which sends whatever is held and uncorks the response fully, or when the
   * response is gone: no uncork is left to run on a connection another response may use next.
   */
  settle(): void {
    if (this.pending === undefined) return;
    clearImmediate(this.pending);
    this.pending = undefined;
  }

  private readonly release = (): void => {
    this.pending = undefined;
    this.res.uncork();
  };
}
