import type { IncomingMessage, ServerResponse } from 'node:http';
import { NotFoundError } from '@modelgate/runtime';
import type { Admission } from '../admission';
import type { CredentialToken, CredentialUser } from '../auth';
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

/** Who a relayed call is charged to, and the group it routes and bills in. */
export interface RelayCaller {
  readonly user: CredentialUser;
  readonly group: string;
  /** The `sk-` token the call came with; absent for the console playground (token id 0). */
  readonly token?: CredentialToken;
  /** The consume log's token name of a call without a token. */
  readonly tokenName?: string;
  /** The channel an admin pinned with `sk-KEY-CHANNELID`. */
  readonly pinnedChannelId?: number;
}

/** The facts of a call the shared part of the pipeline needs besides the caller and the body. */
export interface CallFacts {
  readonly requestId: string;
  readonly query?: string;
  /** Milliseconds clock when the request arrived (use time and first-response time start here). */
  readonly startedAt: number;
}

/** The first value of a request header. */
export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The first channel: the pinned one, else a pick from the top tier (404 for a model no channel lists). */
function firstChannel(deps: RelayDeps, auth: RelayCaller, model: string): SnapshotChannel {
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
  await relayForCaller(req, res, { requestId: call.requestId, query: call.query, startedAt }, auth, request, deps);
}

/**
 * The part of a relayed call after its caller is known and its body read, shared by token calls
 * and the console playground: the prompt check, the first channel, the price and its
 * reservation, the attempts, the answer, and the usage record. A call without a token reserves
 * and settles against the user alone.
 */
export async function relayForCaller(
  req: IncomingMessage,
  res: ServerResponse,
  call: CallFacts,
  auth: RelayCaller,
  request: ParsedRelayRequest,
  deps: RelayDeps,
): Promise<void> {
  checkSensitiveWords(request, deps.options.promptSensitiveWords());
  const first = firstChannel(deps, auth, request.model);
  const priced = priceRequest(request, auth.group, auth.user.role, deps.options);
  const admission = await deps.admitter.admit({
    requestId: call.requestId,
    userId: auth.user.id,
    tokenId: auth.token?.id ?? 0,
    tokenUnlimited: auth.token?.unlimited_quota ?? true,
    estimate: priced.estimate,
    userQuotaHint: auth.user.quota,
    tokenRemainHint: auth.token?.remain_quota ?? 0,
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
    startedAt: call.startedAt,
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
    auth: RelayCaller;
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
        tokenId: facts.auth.token?.id ?? 0,
        ...(facts.auth.tokenName === undefined ? {} : { tokenName: facts.auth.tokenName }),
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
