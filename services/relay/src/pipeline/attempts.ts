import type { IncomingHttpHeaders } from 'node:http';
import { isAppError } from '@modelgate/runtime';
import type { UpstreamRequest } from '../providers/types';
import type { RelayRequest } from '../protocols/request';
import { UpstreamError, upstreamCredentialsRejected } from '../protocols/upstream-error';
import { breakerVerdictOf } from '../resilience/breaker-verdict';
import type { CircuitTicket } from '../resilience/circuit-breaker';
import { pickAvoidingOpenCircuits } from '../resilience/healthy-pick';
import { retryAfterSecondsOf } from '../resilience/retry-after';
import {
  applyStatusCodeMapping,
  pickChannel,
  shouldAutoDisable,
  shouldRetry,
  type SnapshotChannel,
  toAttemptFailure,
} from '../routing';
import type { TranslationContext } from '../translate/types';
import type { ChannelPermit } from '../limits/channel-gate';
import { type ChannelRoute, routeToChannel, upstreamModelOf } from './channel-route';
import type { RelayDeps } from './relay-deps';
import type { AbortEmitter, UpstreamResponse } from './upstream-client';
import { upstreamRequestFor } from './upstream-call';
import { toUpstreamFailure } from './upstream-client';

/** Error bodies are read up to this size; the rest is discarded. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;

/** A successful upstream answer, its body still unread. */
export interface SuccessfulAttempt {
  readonly channel: SnapshotChannel;
  readonly route: ChannelRoute;
  /** What a translator, if any, knows of the call. */
  readonly context: TranslationContext;
  readonly upstreamRequest: UpstreamRequest;
  readonly upstreamModel: string;
  readonly response: UpstreamResponse;
  /** Every channel tried, in order, this one last. */
  readonly usedChannels: readonly number[];
  /** The hold on the channel's caps: released (with the tokens used) when the answer is delivered. */
  readonly permit: ChannelPermit;
}

/** The request facts the attempts need besides the parsed body. */
export interface AttemptPlan {
  /** The relay's request id, named in the log lines of failed attempts. */
  readonly requestId: string;
  readonly request: RelayRequest;
  readonly group: string;
  /** The caller, whose turn it is in a channel's queue. */
  readonly userId: number;
  readonly first: SnapshotChannel;
  readonly pinned: boolean;
  /** The client's headers: `Accept`, and the Anthropic ones an Anthropic upstream takes. */
  readonly headers: IncomingHttpHeaders;
  readonly query?: string;
  /** Cancelled when the client leaves: aborts the upstream call and any wait for a channel. */
  readonly cancel: AbortEmitter & { readonly signal: AbortSignal };
}

async function readErrorBody(response: UpstreamResponse): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      if (size < MAX_ERROR_BODY_BYTES) chunks.push(chunk);
      size += chunk.length;
    }
  } catch {
    // A body cut short still leaves the status to act on.
  }
  return Buffer.concat(chunks).subarray(0, MAX_ERROR_BODY_BYTES);
}

/** One attempt on one channel: resolves to the response, or throws the failure (typed). */
async function attempt(plan: AttemptPlan, channel: SnapshotChannel, usedChannels: readonly number[], deps: RelayDeps): Promise<SuccessfulAttempt> {
  const route = routeToChannel(channel, plan.request)!;
  const upstreamModel = upstreamModelOf(channel, plan.request);
  const { upstreamRequest, context } = await upstreamRequestFor(route, plan.request, {
    channel: channel.row,
    upstreamModel,
    settings: deps.options.upstreamSettings(),
    forceStreamUsage: deps.limits.forceStreamUsage,
    headers: plan.headers,
    query: plan.query,
  });
  // The channel's caps: a slot (perhaps after waiting in its queue), its requests per minute.
  const permit = await deps.channelGate.acquire(channel.row, { userId: plan.userId, model: plan.request.summary.model, cancel: plan.cancel });
  try {
    const sentAt = deps.metrics ? performance.now() : 0;
    let response: UpstreamResponse;
    try {
      response = await deps.upstream.send(upstreamRequest, plan.cancel, channel);
    } catch (error) {
      deps.metrics?.upstream(channel.id, false, (performance.now() - sentAt) / 1000);
      throw error;
    }
    deps.metrics?.upstream(channel.id, response.statusCode < 400, (performance.now() - sentAt) / 1000);
    if (response.statusCode >= 200 && response.statusCode < 300) {
      return { channel, route, context, upstreamRequest, upstreamModel, response, usedChannels, permit };
    }
    const body = await readErrorBody(response);
    const failure = route.adapter.mapError(response.statusCode, body, response.headers).withRetryAfter(retryAfterSecondsOf(response.headers));
    throw applyStatusCodeMapping(channel.statusCodeMapping, failure);
  } catch (error) {
    permit.release(0);
    throw error;
  }
}

/**
 * The channel to try next: `pick`'s choice, unless it is at its caps and another channel of the
 * same tier is not (then that one); when every one is at its caps, `pick`'s choice, whose queue
 * the request waits in.
 */
export function preferChannelWithRoom(
  picked: SnapshotChannel,
  deps: Pick<RelayDeps, 'channelGate'>,
  pickAgain: (accepts: (candidate: SnapshotChannel) => boolean) => SnapshotChannel | undefined,
): SnapshotChannel {
  if (deps.channelGate.hasRoom(picked.row)) return picked;
  const roomy = pickAgain((candidate) => candidate.priority === picked.priority && deps.channelGate.hasRoom(candidate.row));
  return roomy ?? picked;
}

/**
 * Runs the request on its channel and, on failures the reference retries, on further channels
 * that can serve it: the next attempt indexes the next lower priority tier, a channel already tried
 * is never picked again, and at most `RetryTimes` retries follow the first attempt (a channel that
 * could not even be connected to does not use one up). Channels whose circuit breaker is open are
 * skipped while another can serve. Each attempt's outcome goes to its channel's breaker. A failure
 * that proves a channel's credentials bad disables it (when auto-disable is on), so no later
 * request routes to it. A request the channel cannot be sent (refused by its adapter before any
 * I/O: a misconfigured channel, a body the upstream format cannot express) fails at once and is
 * never held against the channel. Throws the last failure when no attempt succeeds; a provider
 * refusing the gateway's credentials reaches the client as the gateway's fault (502).
 */
export async function runAttempts(plan: AttemptPlan, deps: RelayDeps): Promise<SuccessfulAttempt> {
  const tried = new Set<number>();
  const usedChannels: number[] = [];
  const retryTimes = deps.options.retryTimes();
  const circuits = deps.circuits;
  const accepts = (candidate: SnapshotChannel) => routeToChannel(candidate, plan.request)?.upstreamOperation !== undefined;
  // The next channel: one whose breaker admits traffic while any can serve, and of those in its
  // tier one below its caps while any is (else the pick, whose queue the request then waits in).
  const next = (attemptIndex: number): SnapshotChannel | undefined => {
    const snapshot = deps.channels.snapshot();
    const pick = (filter: (candidate: SnapshotChannel) => boolean) =>
      pickChannel(snapshot, { group: plan.group, model: plan.request.summary.model, attempt: attemptIndex, tried, accepts: filter }, deps.random);
    const picked = pickAvoidingOpenCircuits(circuits, accepts, pick);
    return (
      picked &&
      preferChannelWithRoom(picked, deps, (room) => pickAvoidingOpenCircuits(circuits, (candidate) => accepts(candidate) && room(candidate), pick))
    );
  };
  let channel: SnapshotChannel | undefined = plan.first;
  let retries = 0;
  while (channel) {
    let ticket = circuits.acquire(channel.id);
    if (!ticket && !plan.pinned) {
      // Another request took this channel's half-open probe meanwhile: prefer another channel.
      tried.add(channel.id);
      const other = next(retries);
      tried.delete(channel.id);
      if (other) {
        channel = other;
        ticket = circuits.acquire(other.id);
      }
    }
    // No other channel can serve: trying an open one beats refusing the request.
    ticket ??= circuits.acquire(channel.id, true)!;
    tried.add(channel.id);
    usedChannels.push(channel.id);
    try {
      const success = await attempt(plan, channel, usedChannels, deps);
      circuits.succeeded(ticket);
      return success;
    } catch (caught) {
      if (isAppError(caught) && !(caught instanceof UpstreamError)) {
        circuits.released(ticket);
        throw caught;
      }
      const error = caught instanceof UpstreamError ? caught : toUpstreamFailure(caught);
      if (plan.cancel.aborted) {
        circuits.released(ticket);
        throw error;
      }
      const failure = toAttemptFailure(error);
      report(circuits, ticket, failure, error);
      const verdict = shouldAutoDisable(failure, channel, deps.options.autoDisable());
      if (verdict) disableQuietly(deps, channel, verdict.reason);
      deps.logger.warn(
        { requestId: plan.requestId, channelId: channel.id, status: failure.status, kind: failure.kind, message: failure.message },
        'upstream attempt failed',
      );
      const retry = shouldRetry(failure, {
        attempt: retries,
        retryTimes,
        channelType: channel.type,
        pinned: plan.pinned,
      });
      if (!retry) throw forClient(error);
      deps.metrics?.retried(channel.id);
      if (!failure.connectFailure) retries++;
      channel = next(retries);
      if (!channel) throw forClient(error);
    }
  }
  throw new Error('unreachable: the attempt loop always starts with a channel');
}

/** Tells the channel's breaker how its attempt ended. */
function report(circuits: RelayDeps['circuits'], ticket: CircuitTicket, failure: ReturnType<typeof toAttemptFailure>, error: unknown): void {
  const verdict = breakerVerdictOf(failure);
  if (verdict === 'success') circuits.succeeded(ticket);
  else if (verdict === 'none') circuits.released(ticket);
  else {
    const retryAfterSeconds = error instanceof UpstreamError ? error.retryAfterSeconds : undefined;
    circuits.failed(ticket, { reason: `${failure.status} ${failure.message}`, ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }) });
  }
}

/** The failure as the client is told it: the provider refusing the gateway's own key is the gateway's fault. */
function forClient(error: unknown): unknown {
  if (error instanceof UpstreamError && error.kind === 'upstream' && (error.status === 401 || error.status === 403)) {
    return upstreamCredentialsRejected(error);
  }
  return error;
}

function disableQuietly(deps: RelayDeps, channel: SnapshotChannel, reason: string): void {
  deps.disabler.disable(channel.id, reason).then(
    (changed) => {
      if (changed) deps.logger.warn({ channelId: channel.id, reason }, 'channel disabled automatically');
    },
    (err: unknown) => deps.logger.error({ err, channelId: channel.id }, 'could not disable channel'),
  );
}
