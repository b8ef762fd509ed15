import type { ServerResponse } from 'node:http';

type Listener = () => void;

/**
 * Cancels a call's upstream work when its client leaves before the answer is complete, without
 * an AbortController per request: building one (an EventTarget) and listening on it cost more
 * than the rest of a request's bookkeeping. undici takes any emitter of `abort` that has an
 * `aborted` flag as a request's `signal`, so the upstream call listens here directly; a real
 * AbortSignal is made only when something that needs one asks ({@link signal}: a wait in a
 * channel's queue) and is aborted with the call. Timeouts are not its business: undici's own
 * headers and body timeouts bound the upstream call.
 */
export class CallCancellation {
  /** The client left before the answer was complete. */
  aborted = false;
  /** What undici reads as the abort's reason: none, so its own `RequestAbortedError`. */
  readonly reason: unknown = undefined;
  private listeners: Listener[] | undefined;
  private controller: AbortController | undefined;
  private readonly res: ServerResponse;
  private readonly onClose: Listener;

  constructor(res: ServerResponse) {
    this.res = res;
    this.onClose = () => {
      if (!res.writableFinished) this.abort();
    };
    res.once('close', this.onClose);
  }

  /** Stops watching the client: the call's upstream work is over. */
  done(): void {
    this.res.off('close', this.onClose);
  }

  /** Cancels everything listening, once. */
  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    const listeners = this.listeners;
    this.listeners = undefined;
    this.controller?.abort();
    if (listeners) for (const listener of listeners) listener();
  }

  /** An AbortSignal aborted with the call, for APIs that take nothing else; made on first use. */
  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.aborted) this.controller.abort();
    }
    return this.controller.signal;
  }

  // The emitter face undici listens on (`on`/`once` and `removeListener`, event `abort`).
  on(event: string, listener: Listener): this {
    if (event === 'abort' && !this.aborted) (this.listeners ??= []).push(listener);
    return this;
  }

  once(event: string, listener: Listener): this {
    // `abort` happens at most once, so every listener is a once-listener.
    return this.on(event, listener);
  }

  removeListener(event: string, listener: Listener): this {
    const listeners = this.listeners;
    if (event !== 'abort' || !listeners) return this;
    const at = listeners.indexOf(listener);
    if (at >= 0) listeners.splice(at, 1);
    return this;
  }

  off(event: string, listener: Listener): this {
    return this.removeListener(event, listener);
  }
}
