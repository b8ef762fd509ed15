import { isAppError } from '@modelgate/runtime';
import type { UpstreamResponse } from '../pipeline/upstream-client';
import { toUpstreamFailure } from '../pipeline/upstream-client';
import { upstreamTimeoutError } from '../protocols/upstream-error';

/**
 * Reads a probe's response body, keeping at most `maxBytes` (the rest is drained and dropped, so
 * the pooled connection stays usable). A failure while reading becomes the typed upstream error.
 */
export async function readProbeBody(response: UpstreamResponse, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let kept = 0;
  try {
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      if (kept >= maxBytes) continue;
      const part = chunk.subarray(0, maxBytes - kept);
      chunks.push(part);
      kept += part.length;
    }
  } catch (error) {
    throw toUpstreamFailure(error);
  }
  return Buffer.concat(chunks);
}

/** A signal for one probe call: aborted by `outer` or when `timeoutMs` passes. */
export interface ProbeSignal {
  readonly signal: AbortSignal;
  /** Whether the probe's own time limit (not `outer`) ended the call. */
  timedOut(): boolean;
}

/** Combines the caller's signal with the probe's time limit. */
export function probeSignal(outer: AbortSignal, timeoutMs: number): ProbeSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  return { signal: AbortSignal.any([outer, timeout]), timedOut: () => timeout.aborted && !outer.aborted };
}

/**
 * What a probe call's failure means: the probe's own time limit is an upstream timeout; an
 * abort by the caller (shutdown, the admin went away) stays as it is, for the caller to rethrow;
 * a typed error stays as it is; anything else is the typed transport or timeout error.
 */
export function probeFailure(error: unknown, signal: ProbeSignal): unknown {
  if (signal.timedOut()) return upstreamTimeoutError(error);
  // Typed errors keep their meaning: upstream ones and the gateway's own (a misconfigured channel).
  return isAppError(error) ? error : toUpstreamFailure(error);
}
