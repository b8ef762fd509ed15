/** One client request of the fault run and what the client was told. */
export interface Outcome {
  index: number;
  stream: boolean;
  status: number;
  /** The relay's `X-Request-Id` (the billing key), when it answered at all. */
  requestId: string | null;
  /** The client was told "success": 200 and, for a stream, a complete one ending in `[DONE]`. */
  success: boolean;
  error?: string;
}

/** A chat completion, JSON or streamed, for `model` with `apiKey` through the relay at `url`. */
export async function send(url: string, apiKey: string, model: string, stream: boolean, index: number): Promise<Outcome> {
  try {
    const res = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model,
        messages: [{ role: 'user', content: `request ${index}` }],
        ...(stream && { stream: true, stream_options: { include_usage: true } }),
      }),
    });
    const text = await res.text();
    const requestId = res.headers.get('x-request-id');
    let success = false;
    if (res.status === 200) {
      success = stream ? text.includes('data: [DONE]') && !/"error"\s*:/.test(text) : isCompletion(text);
    }
    return { index, stream, status: res.status, requestId, success, ...(!success && { error: text.slice(0, 200) }) };
  } catch (error) {
    return { index, stream, status: 0, requestId: null, success: false, error: String(error) };
  }
}

function isCompletion(text: string): boolean {
  try {
    const body = JSON.parse(text) as { choices?: unknown[] };
    return Array.isArray(body.choices) && body.choices.length > 0;
  } catch {
    return false;
  }
}

/**
 * Counts finished requests and lets the fault schedule wait for "n requests finished" — an event
 * of the load itself, so faults land at the same point of the run on a fast or a slow machine.
 */
export class Progress {
  private finished = 0;
  private done = false;
  private waiters: Array<{ count: number; wake: () => void }> = [];

  get count(): number {
    return this.finished;
  }

  tick(): void {
    this.finished += 1;
    this.wakeReady();
  }

  /** The load is over: every waiter resolves. */
  end(): void {
    this.done = true;
    this.wakeReady();
  }

  /** Resolves once `count` requests have finished (or the load is over). */
  until(count: number): Promise<void> {
    if (this.done || this.finished >= count) return Promise.resolve();
    return new Promise((wake) => this.waiters.push({ count, wake }));
  }

  private wakeReady(): void {
    const ready = this.waiters.filter((w) => this.done || this.finished >= w.count);
    this.waiters = this.waiters.filter((w) => !ready.includes(w));
    for (const waiter of ready) waiter.wake();
  }
}

/**
 * Runs at least `count` tasks with at most `concurrency` at once, ticking `progress` after each,
 * and goes on while `more()` says so (faults still being injected), up to `limit` tasks.
 */
export async function drive<T>(
  load: { count: number; limit: number; concurrency: number; more: () => boolean },
  progress: Progress,
  task: (index: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const worker = async () => {
    while (next < load.limit && (next < load.count || load.more())) {
      const index = next++;
      results[index] = await task(index);
      progress.tick();
    }
  };
  await Promise.all(Array.from({ length: load.concurrency }, worker));
  progress.end();
  return results;
}
