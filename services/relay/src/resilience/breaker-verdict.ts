import { UpstreamError } from '../protocols/upstream-error';
import type { AttemptFailure } from '../routing/retry-policy';
import type { ChannelCircuits } from './circuit-breaker';

/** What one attempt's end means to its channel's breaker. */
export type BreakerVerdict = 'success' | 'failure' | 'none';

/**
 * How a failed attempt counts against its channel: transport failures, timeouts, 5xx, 429 and
 * the provider refusing the gateway's credentials (401, 403) are the channel's failures; any
 * other answer (400, 404, 413, 422: the client's own request) proves the channel reachable and
 * counts as a success; failures of the gateway itself (validation, a request the adapter cannot
 * build) say nothing about the channel.
 */
export function breakerVerdictOf(failure: AttemptFailure): BreakerVerdict {
  if (failure.kind === 'local') return 'none';
  if (failure.kind === 'transport' || failure.kind === 'timeout') return 'failure';
  const status = failure.status;
  if (status >= 500 || status === 429 || status === 401 || status === 403 || status === 408) return 'failure';
  return 'success';
}

/**
 * An answer the upstream cut after it started (a reset, `STREAMING_TIMEOUT`) is its channel's
 * failure too, though the attempt itself succeeded; a client that left is nobody's.
 */
export function reportInterruptedAnswer(circuits: Pick<ChannelCircuits, 'failed'>, channelId: number, interruption: unknown): void {
  if (!(interruption instanceof UpstreamError)) return;
  const cause = interruption.kind === 'timeout' ? 'no data within STREAMING_TIMEOUT' : 'connection lost';
  circuits.failed({ channelId, probe: false }, { reason: `answer cut short: ${cause}` });
}
