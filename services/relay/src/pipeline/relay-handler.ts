import type { IncomingMessage, ServerResponse } from 'node:http';
import { NotFoundError } from '@modelgate/runtime';
import type { Admission } from '../admission';
import type { AuthenticatedRequest } from '../auth';
import { authenticateCall } from './authenticate-call';
import { checkModelAllowed } from '../auth/token-checks';
import type { RelayEndpoint } from '../providers/types';
import { resolvePinnedChannel, selectChannel, type SnapshotChannel } from '../routing';
import { type SuccessfulAttempt, runAttempts } from './attempts';
import { parseRelayRequest, type ParsedRelayRequest } from './parse-request';
import { buildUsageRecord, type PricedRequest, priceRequest } from './pricing-step';
import type { RelayDeps } from './relay-deps';
import { deliverResponse } from './respond';
import { checkSensitiveWords } from './sensitive-words';
import { readRequestBody } from '../http/request-body';

/** One relayed call as the route gives it. */
export interface RelayCall {
  readonly endpoint: RelayEndpoint;
  /** The `:model` of `/v1/engines/:model/embeddings`. */
  readonly pathModel?: string;
  readonly requestId: string;
  readonly path: string;
  readonly query?: string;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The first channel: the pinned one, else a pick from the top tier (404 for a model no channel lists). */
function firstChannel(deps: RelayDeps, auth: AuthenticatedRequest, model: string): SnapshotChannel {
  const snapshot = deps.channels.snapshot();
  if (auth.pinnedChannelId !== undefined) return resolvePinnedChannel(snapshot, String(auth.pinnedChannelId), model);
  // A model no channel lists at all is unknown (404); a known one with no channel in this group
  // right now is the reference's 503, which the pick raises.
  if (!deps.channels.knowsModel(model)) {
    throw new NotFoundError(`The model \`${model}\` does not exist or you do not have access to it.`, {
      code: 'model_not_found',
      details: { param: 'model' },
    });
  }
  return selectChannel(snapshot, { group: auth.group, model, attempt: 0 }, deps.random);
}

/**
 * Relays one OpenAI-style call: authenticate the token (from memory), read and validate the body,
 * pick the first channel, price the request and reserve its estimate, run the attempts, stream or
 * pass the answer through, and publish the usage record that billing settles exactly once. A
 * request that fails before anything was delivered gets its reservation back.
 */
export async function relayRequest(
  req: IncomingMessage,
  res: ServerResponse,
  call: RelayCall,
  deps: RelayDeps,
): Promise<void> {
  const startedAt = Date.now();
  const auth = await authenticateCall(req, call.path, deps);
  const body = await readRequestBody(req, deps.limits.maxBodyBytes);
  const request = parseRelayRequest(call.endpoint, body, header(req, 'content-type'), call.pathModel);
  checkModelAllowed(auth.token, request.model);
  checkSensitiveWords(request, deps.options.promptSensitiveWords());
  const first = firstChannel(deps, auth, request.model);
  const priced = priceRequest(request, auth.group, auth.user.role, deps.options);
  const admission = await deps.admitter.admit({
    requestId: call.requestId,
    userId: auth.user.id,
    tokenId: auth.token.id,
    tokenUnlimited: auth.token.unlimited_quota,
    estimate: priced.estimate,
    userQuotaHint: auth.user.quota,
    tokenRemainHint: auth.token.remain_quota,
  });

  const aborter = new AbortController();
  const onClose = () => {
    if (!res.writableFinished) aborter.abort();
  };
  res.once('close', onClose);
  let success: SuccessfulAttempt;
  try {
    success = await runAttempts(
      {
        request,
        group: auth.group,
        first,
        pinned: auth.pinnedChannelId !== undefined,
        accept: header(req, 'accept'),
        query: call.query,
        signal: aborter.signal,
      },
      deps,
    );
  } catch (error) {
    res.off('close', onClose);
    await deps.admitter.refund(call.requestId, admission);
    throw error;
  }
  const delivered = await deliverResponse(res, success);
  res.off('close', onClose);
  if (delivered.error) {
    await deps.admitter.refund(call.requestId, admission);
    throw delivered.error;
  }
  if (delivered.interruption) {
    deps.logger.warn({ err: delivered.interruption, requestId: call.requestId }, 'response ended early');
  }
  publishUsage(deps, request, priced, admission, {
    requestId: call.requestId,
    auth,
    success,
    startedAt,
    firstResponseAt: delivered.firstResponseAt,
    metering: delivered.metering,
  });
}

/** Hands the usage record to the publisher, which sends it to billing in a durable batch. */
function publishUsage(
  deps: RelayDeps,
  request: ParsedRelayRequest,
  priced: PricedRequest,
  admission: Admission,
  facts: {
    requestId: string;
    auth: AuthenticatedRequest;
    success: SuccessfulAttempt;
    startedAt: number;
    firstResponseAt: number | undefined;
    metering: Parameters<typeof buildUsageRecord>[2];
  },
): void {
  deps.usage.add(
      buildUsageRecord(request, priced, facts.metering, {
        requestId: facts.requestId,
        userId: facts.auth.user.id,
        tokenId: facts.auth.token.id,
        group: facts.auth.group,
        channelId: facts.success.channel.id,
        usedChannels: facts.success.usedChannels,
        upstreamModel: facts.success.upstreamModel,
        startedAt: facts.startedAt,
        firstResponseAt: facts.firstResponseAt,
        reserved: admission.reserved,
        ...(admission.leaseId ? { leaseId: admission.leaseId } : {}),
      }),
  );
}
