import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OpenAIEndpoint } from '@modelgate/channel-types';
import { NotFoundError, tracedStep } from '@modelgate/runtime';
import type { Admission } from '../admission';
import type { CredentialToken, CredentialUser } from '../auth';
import { checkModelAllowed } from '../auth/token-checks';
import { bodyLimitFor } from '../http/body-limits';
import { readRequestBody } from '../http/request-body';
import { parseAnthropicRequest } from '../protocols/anthropic/inbound';
import { asksForSse, withGeminiKey } from '../protocols/gemini/api-key';
import { parseGeminiRequest } from '../protocols/gemini/inbound';
import { parseOpenAIRequest } from '../protocols/openai/inbound';
import type { AnthropicOperation, GeminiOperation, Operation, RelayRequest, ResponsesOperation } from '../protocols/request';
import { parseResponsesRequest } from '../protocols/responses/inbound';
import { followUpChannel } from '../response-affinity/affinity-routing';
import { reportInterruptedAnswer } from '../resilience/breaker-verdict';
import { pickAvoidingOpenCircuits } from '../resilience/healthy-pick';
import { pickChannel, resolvePinnedChannel, selectChannel, type SnapshotChannel } from '../routing';
import { authenticateCall } from './authenticate-call';
import { checkBalanceBeforeBody } from './balance-precheck';
import { preferChannelWithRoom, type SuccessfulAttempt, runAttempts } from './attempts';
import { CallCancellation } from './call-cancel';
import { routeToChannel } from './channel-route';
import { countTokensLocally } from './count-tokens';
import { buildUsageRecord, type PricedRequest, priceRequest } from './pricing-step';
import type { RelayDeps } from './relay-deps';
import { deliverResponse } from './respond';
import { StreamBudget } from './stream-budget';
import { checkSensitiveWords } from './sensitive-words';
import { admitCaller, type CallOutcome } from '../limits/caller-limits';

/** One relayed call as the route gives it: what the client speaks and asks for. */
export type RelayCall = {
  readonly requestId: string;
  readonly path: string;
  readonly query?: string;
} & (
  | { readonly protocol: 'openai'; readonly operation: OpenAIEndpoint; /** The `:model` of `/v1/engines/:model/embeddings`. */ readonly pathModel?: string }
  | { readonly protocol: 'anthropic'; readonly operation: AnthropicOperation }
  | { readonly protocol: 'responses'; readonly operation: ResponsesOperation }
  | {
      readonly protocol: 'gemini';
      readonly operation: GeminiOperation;
      /** The model of `models/{model}:{method}`. */
      readonly pathModel: string;
      /** `:streamGenerateContent`. */
      readonly stream: boolean;
    }
);

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

/** Whether a channel can serve a request at all (its protocol and operation). */
function servesRequest(request: RelayRequest): (channel: SnapshotChannel) => boolean {
  return (channel) => routeToChannel(channel, request) !== undefined;
}

/** The first channel: the pinned one, else a pick from the top tier (404 for a model no channel lists). */
function firstChannel(deps: RelayDeps, auth: RelayCaller, request: RelayRequest): SnapshotChannel {
  const snapshot = deps.channels.snapshot();
  const { model } = request.summary;
  const accepts = servesRequest(request);
  if (auth.pinnedChannelId !== undefined) return resolvePinnedChannel(snapshot, String(auth.pinnedChannelId), model, accepts);
  // A model no channel lists at all is unknown (404); a known one with no channel in this group
  // right now is the reference's 503, which the pick raises.
  if (!deps.channels.knowsModel(model)) {
    throw new NotFoundError(`The model \`${model}\` does not exist or you do not have access to it.`, {
      code: 'model_not_found',
      details: { param: 'model' },
    });
  }
  const { group } = auth;
  // Channels whose breaker is open are skipped while another can serve; with none left, the
  // plain selection (and its 503 when no channel serves the model at all). Of the tier, a channel
  // below its caps is preferred while any is.
  const pickF = (filter: (candidate: SnapshotChannel) => boolean) => pickChannel(snapshot, { group, model, attempt: 0, accepts: filter }, deps.random);
  const picked = pickAvoidingOpenCircuits(deps.circuits, accepts, pickF, (filter) => selectChannel(snapshot, { group, model, attempt: 0, accepts: filter }, deps.random))!;
  return preferChannelWithRoom(picked, deps, (room) =>
    pickAvoidingOpenCircuits(deps.circuits, (candidate) => accepts(candidate) && room(candidate), pickF),
  );
}

/** {@link firstChannel} in a span of its own when traces are recorded. */
function selectFirstChannel(res: ServerResponse, deps: RelayDeps, auth: RelayCaller, request: RelayRequest): SnapshotChannel {
  const { model } = request.summary;
  deps.metrics?.requested(res, model, auth.group);
  const channel = tracedStep('relay select channel', { 'modelgate.model': model, 'modelgate.group': auth.group }, (span) => {
    const picked = firstChannel(deps, auth, request);
    span.setAttribute('modelgate.channel.id', picked.id);
    return picked;
  });
  deps.metrics?.routedTo(res, channel.id);
  return channel;
}

/** Reads a request in the protocol its route speaks. */
function parseCall(call: RelayCall, body: Buffer, contentType: string | undefined): RelayRequest {
  switch (call.protocol) {
    case 'anthropic':
      return parseAnthropicRequest(call.operation, body, contentType);
    case 'responses':
      return parseResponsesRequest(call.operation, body, contentType);
    case 'gemini': {
      const { operation, pathModel, stream } = call;
      return parseGeminiRequest({ operation, model: pathModel, stream, jsonArray: stream && !asksForSse(call.query) }, body, contentType);
    }
    default:
      return parseOpenAIRequest(call.operation, body, contentType, call.pathModel);
  }
}

/** Token counting, free in every protocol: it needs no balance. */
const COUNTING: ReadonlySet<Operation> = new Set<Operation>(['messages/count_tokens', 'countTokens']);

/**
 * Relays one call of a client speaking OpenAI or Anthropic: authenticate the token (from memory),
 * refuse a caller without balance or over their rate limits (ADR 0025, decided in memory) before
 * anything of the body is read, read the body within its
 * endpoint's limit and the process's body budget, validate it in the client's protocol, pick the
 * first channel that can serve it, price the request and reserve its estimate, run the attempts,
 * stream or pass (or translate) the answer, and publish the usage record that billing settles
 * exactly once. A request that fails before anything was delivered gets its reservation back; its
 * body is held against the budget until the call ends.
 */
export async function relayRequest(req: IncomingMessage, res: ServerResponse, call: RelayCall, deps: RelayDeps): Promise<void> {
  const startedAt = Date.now();
  const headers = call.protocol === 'gemini' ? withGeminiKey(req.headers, call.query) : req.headers;
  const auth = await authenticateCall(req, call.path, deps, headers);
  // Token counting is free: it needs no balance. Everything else would be refused by admission.
  const counting = COUNTING.has(call.operation);
  if (!counting) checkBalanceBeforeBody(auth.user, auth.token);
  // The caller's rate limits (decided in memory) before any of the body is read.
  const limited = counting ? undefined : await admitCaller(deps.callerLimits, auth.user.id, auth.token);
  let outcome: CallOutcome = { success: false, tokens: 0 };
  let charge: ReturnType<RelayDeps['bodyBudget']['open']> | undefined;
  try {
    charge = deps.bodyBudget.open(auth.token.id);
    const body = await readRequestBody(req, bodyLimitFor(call.operation, deps.limits.body), charge);
    const request = parseCall(call, body, header(req, 'content-type'));
    checkModelAllowed(auth.token, request.summary.model);
    const facts = { requestId: call.requestId, query: call.query, startedAt };
    if (request.summary.metering === 'free') return await countTokens(req, res, facts, auth, request, deps);
    // A Responses follow-up goes to the channel (and key) holding the response it continues.
    const holder =
      request.protocol === 'responses'
        ? await followUpChannel(request, auth.user.id, deps.responseAffinity, deps.channels.snapshot(), servesRequest(request))
        : undefined;
    const tokens = await relayForCaller(req, res, facts, holder ? { ...auth, pinnedChannelId: holder.id } : auth, request, deps);
    outcome = { success: true, tokens };
  } finally {
    charge?.release();
    limited?.finish(outcome);
  }
}

/**
 * Token counting (`/v1/messages/count_tokens`, Gemini's `:countTokens`): free, never reserved or
 * logged. A channel that counts (Anthropic's API, Gemini's) is asked; for any other the gateway
 * counts with its own tokenizer.
 */
async function countTokens(
  req: IncomingMessage,
  res: ServerResponse,
  call: CallFacts,
  auth: RelayCaller,
  request: RelayRequest,
  deps: RelayDeps,
): Promise<void> {
  checkSensitiveWords(request.summary, deps.options.promptSensitiveWords());
  const first = selectFirstChannel(res, deps, auth, request);
  if (routeToChannel(first, request)?.upstreamOperation === undefined) {
    return countTokensLocally(res, request);
  }
  const success = await runCall(req, res, call, auth, request, first, deps);
  try {
    const delivered = await deliverResponse(res, success.attempt);
    if (delivered.error) throw delivered.error;
  } finally {
    success.done();
    success.attempt.permit.release(0);
  }
}

/** Runs the attempts of a call, aborting the upstream when the client leaves. */
async function runCall(
  req: IncomingMessage,
  res: ServerResponse,
  call: CallFacts,
  auth: RelayCaller,
  request: RelayRequest,
  first: SnapshotChannel,
  deps: RelayDeps,
): Promise<{ attempt: SuccessfulAttempt; done(): void }> {
  const cancel = new CallCancellation(res);
  try {
    const attempt = await runAttempts(
      {
        requestId: call.requestId,
        request,
        group: auth.group,
        userId: auth.user.id,
        first,
        pinned: auth.pinnedChannelId !== undefined,
        headers: req.headers,
        query: call.query,
        cancel,
      },
      deps,
    );
    return { attempt, done: () => cancel.done() };
  } catch (error) {
    cancel.done();
    throw error;
  }
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
  request: RelayRequest,
  deps: RelayDeps,
): Promise<number> {
  checkSensitiveWords(request.summary, deps.options.promptSensitiveWords());
  const first = selectFirstChannel(res, deps, auth, request);
  const priced = priceRequest(request.summary, auth.group, auth.user.role, deps.options);
  const admission = await deps.admitter.admit({
    requestId: call.requestId,
    userId: auth.user.id,
    tokenId: auth.token?.id ?? 0,
    tokenUnlimited: auth.token?.unlimited_quota ?? true,
    estimate: priced.estimate,
    userQuotaHint: auth.user.quota,
    tokenRemainHint: auth.token?.remain_quota ?? 0,
  });

  let success: Awaited<ReturnType<typeof runCall>>;
  try {
    success = await runCall(req, res, call, auth, request, first, deps);
  } catch (error) {
    await deps.admitter.refund(call.requestId, admission);
    throw error;
  }
  const holder = success.attempt.channel.id;
  const budget = new StreamBudget({
    admitter: deps.admitter,
    logger: deps.logger,
    owner: {
      userId: auth.user.id,
      tokenId: auth.token?.id ?? 0,
      tokenUnlimited: auth.token?.unlimited_quota ?? true,
      userQuotaHint: auth.user.quota,
      tokenRemainHint: auth.token?.remain_quota ?? 0,
    },
    priced,
    promptTokens: Math.ceil(request.summary.bodyBytes / 4),
    first: admission,
  });
  let tokens = 0;
  try {
    const delivered = await deliverResponse(
      res,
      success.attempt,
      (responseId) => deps.responseAffinity?.record(responseId, { channelId: holder, userId: auth.user.id }),
      budget,
    );
    if (delivered.error) {
      await deps.admitter.refund(call.requestId, admission);
      throw delivered.error;
    }
    if (delivered.interruption) {
      deps.logger.warn({ err: delivered.interruption, requestId: call.requestId }, 'response ended early');
      reportInterruptedAnswer(deps.circuits, holder, delivered.interruption);
    }
    tokens = publishUsage(res, deps, request, priced, admission, {
      requestId: call.requestId,
      auth,
      success: success.attempt,
      startedAt: call.startedAt,
      firstResponseAt: delivered.firstResponseAt,
      metering: delivered.metering,
    });
    return tokens;
  } finally {
    success.done();
    success.attempt.permit.release(tokens);
    // The extra holds of a long stream only proved the balance covered it: its usage record charges it.
    await budget.release();
  }
}

/** Hands the usage record to the publisher, which sends it to billing in a durable batch; returns the tokens it used. */
function publishUsage(
  res: ServerResponse,
  deps: RelayDeps,
  request: RelayRequest,
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
): number {
  const record = buildUsageRecord(request.summary, priced, facts.metering, {
    requestId: facts.requestId,
    userId: facts.auth.user.id,
    tokenId: facts.auth.token?.id ?? 0,
    tokenName: facts.auth.tokenName,
    group: facts.auth.group,
    channelId: facts.success.channel.id,
    usedChannels: facts.success.usedChannels,
    upstreamModel: facts.success.upstreamModel,
    startedAt: facts.startedAt,
    firstResponseAt: facts.firstResponseAt,
    reserved: admission.reserved,
    leaseId: admission.leaseId,
  });
  const { permit } = facts.success;
  // Time spent waiting for a channel at its concurrency cap, shown with the consume log.
  if (permit.queueWaitMs > 0) record.other = Object.assign(record.other ?? {}, { queue_wait_ms: permit.queueWaitMs, queue_depth: permit.queueDepth });
  deps.usage.add(record);
  const firstResponseMs = facts.firstResponseAt === undefined ? undefined : facts.firstResponseAt - facts.startedAt;
  deps.metrics?.charged(res, record, facts.metering.usage?.cachedTokens ?? 0, firstResponseMs);
  return record.promptTokens + record.completionTokens;
}
