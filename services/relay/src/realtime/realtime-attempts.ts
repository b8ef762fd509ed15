import type WebSocket from 'ws';
import { UpstreamError } from '../protocols/upstream-error';
import { breakerVerdictOf } from '../resilience/breaker-verdict';
import { pickAvoidingOpenCircuits } from '../resilience/healthy-pick';
import {
  applyStatusCodeMapping,
  mapModel,
  pickChannel,
  shouldAutoDisable,
  shouldRetry,
  type SnapshotChannel,
  toAttemptFailure,
} from '../routing';
import type { RealtimeDeps } from './realtime-endpoint';
import { realtimeUpstreamTarget, servesRealtime } from './realtime-upstream';
import { openUpstreamSocket } from './upstream-socket';

/** What the attempts at a session's upstream need. */
export interface RealtimePlan {
  readonly group: string;
  readonly model: string;
  readonly first: SnapshotChannel;
  /** An admin pinned the channel: no other is tried. */
  readonly pinned: boolean;
  /** The client's query (Azure's `api-version`). */
  readonly query: URLSearchParams;
  /** The `OpenAI-Beta` header the upstream gets. */
  readonly openaiBeta: string | undefined;
}

/** A session's upstream, open. */
export interface RealtimeConnection {
  readonly channel: SnapshotChannel;
  readonly upstream: WebSocket;
  /** The model after the channel's mapping. */
  readonly upstreamModel: string;
  /** Every channel tried, in order, this one last. */
  readonly usedChannels: readonly number[];
}

/**
 * Opens a session's upstream websocket as /v1 calls reach their upstream: a handshake refused or
 * unreachable is judged by the same policies (the channel's status code mapping, automatic
 * disabling on a channel's own failure, retrying on another channel of the group that speaks
 * Realtime, at most RetryTimes times and never for a pinned channel), and each handshake's outcome
 * goes to its channel's circuit breaker, whose open channels are skipped while another can serve.
 * The last failure is thrown.
 */
export async function connectRealtime(plan: RealtimePlan, deps: RealtimeDeps): Promise<RealtimeConnection> {
  const tried = new Set<number>();
  const usedChannels: number[] = [];
  const retryTimes = deps.options.retryTimes();
  let channel: SnapshotChannel | undefined = plan.first;
  for (let index = 0; channel; index++) {
    tried.add(channel.id);
    usedChannels.push(channel.id);
    const upstreamModel = mapModel(channel.modelMapping, plan.model).upstream;
    const ticket = deps.circuits.acquire(channel.id, true)!;
    try {
      const target = realtimeUpstreamTarget(channel.row, upstreamModel, plan.query, plan.openaiBeta);
      const upstream = await openUpstreamSocket(target, deps.outbound, deps.realtimeLimits);
      deps.circuits.succeeded(ticket);
      return { channel, upstream, upstreamModel, usedChannels };
    } catch (caught) {
      const error = caught instanceof UpstreamError ? applyStatusCodeMapping(channel.statusCodeMapping, caught) : caught;
      if (!(error instanceof UpstreamError)) {
        deps.circuits.released(ticket);
        throw error;
      }
      const failure = toAttemptFailure(error);
      const judged = breakerVerdictOf(failure);
      if (judged === 'failure') deps.circuits.failed(ticket, { reason: `${failure.status} ${failure.message}` });
      else if (judged === 'success') deps.circuits.succeeded(ticket);
      else deps.circuits.released(ticket);
      const verdict = shouldAutoDisable(failure, channel, deps.options.autoDisable());
      if (verdict) disableQuietly(deps, channel, verdict.reason);
      deps.logger.warn({ channelId: channel.id, status: failure.status, kind: failure.kind, message: failure.message }, 'realtime upstream refused the session');
      if (!shouldRetry(failure, { attempt: index, retryTimes, channelType: channel.type, pinned: plan.pinned })) throw error;
      channel = pickAvoidingOpenCircuits(deps.circuits, servesRealtime, (filter) =>
        pickChannel(deps.channels.snapshot(), { group: plan.group, model: plan.model, attempt: index + 1, tried, accepts: filter }, deps.random),
      );
      if (!channel) throw error;
    }
  }
  throw new Error('unreachable: the attempt loop always starts with a channel');
}

function disableQuietly(deps: RealtimeDeps, channel: SnapshotChannel, reason: string): void {
  deps.disabler.disable(channel.id, reason).then(
    (changed) => {
      if (changed) deps.logger.warn({ channelId: channel.id, reason }, 'channel disabled automatically');
    },
    (err: unknown) => deps.logger.error({ err, channelId: channel.id }, 'could not disable channel'),
  );
}
