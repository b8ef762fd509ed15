import type { IncomingMessage, ServerResponse } from 'node:http';
import { NotFoundError } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';
import type { AuthenticatedRequest } from '../auth';
import { authenticateCall } from '../pipeline/authenticate-call';
import { findChannelType } from '@modelgate/channel-types';
import { withGeminiKey } from '../protocols/gemini/api-key';
import { modelId } from '../protocols/gemini/inbound';
import { geminiModel, geminiModelPage } from '../protocols/gemini/models';
import type { InboundProtocol } from '../protocols/request';
import type { RelayDeps } from '../pipeline/relay-deps';

/** The `created` every listed model shows (the reference's constant; upstreams do not say). */
const MODEL_CREATED = 1626777600;
/** What an unlimited token reports as its limit on the legacy billing endpoints. */
const UNLIMITED_USD = 100_000_000;

/** The relay deps plus the database the legacy billing endpoints read fresh balances from. */
export interface InfoDeps extends RelayDeps {
  readonly dataSource: DataSource;
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(payload) });
  res.end(payload);
}

function authenticate(req: IncomingMessage, path: string, deps: RelayDeps, protocol?: InboundProtocol, query?: string): Promise<AuthenticatedRequest> {
  req.resume();
  return authenticateCall(req, path, deps, protocol === 'gemini' ? withGeminiKey(req.headers, query) : req.headers);
}

/** The models a token may use: its model limits when set, else what its group can reach. */
function visibleModels(auth: AuthenticatedRequest, deps: RelayDeps): string[] {
  if (auth.token.model_limits_enabled) {
    return [...new Set(auth.token.model_limits.split(',').map((m) => m.trim()).filter((m) => m !== ''))].sort();
  }
  return [...deps.channels.models(auth.group)];
}

function modelObject(model: string, group: string, deps: RelayDeps) {
  const channel = deps.channels.snapshot().tiers(group, model)[0]?.members[0]?.channel;
  const owner = channel ? (findChannelType(channel.type)?.name ?? 'custom') : 'custom';
  return { id: model, object: 'model', created: MODEL_CREATED, owned_by: owner };
}

/** A model in Anthropic's shape (`GET /v1/models` of a client sending `anthropic-version`). */
function anthropicModelObject(model: string) {
  return { type: 'model', id: model, display_name: model, created_at: new Date(MODEL_CREATED * 1000).toISOString() };
}

/**
 * `GET /v1/models`: the OpenAI list shape (with the reference's `success` flag), Anthropic's
 * (`data`, `has_more`, `first_id`, `last_id`) for a client speaking Anthropic, or Gemini's (paged
 * `models`) for one speaking Gemini (`GET /v1beta/models`, or with a Google key header).
 */
export async function listModels(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  query: string | undefined,
  protocol: InboundProtocol,
  deps: RelayDeps,
) {
  const auth = await authenticate(req, path, deps, protocol, query);
  const models = visibleModels(auth, deps);
  if (protocol === 'gemini') {
    sendJson(res, 200, geminiModelPage(models, query));
    return;
  }
  if (protocol === 'anthropic') {
    const data = models.map(anthropicModelObject);
    sendJson(res, 200, { data, has_more: false, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null });
    return;
  }
  sendJson(res, 200, { object: 'list', data: models.map((model) => modelObject(model, auth.group, deps)), success: true });
}

/** `GET /v1/models/:model`: the model when this token may use it, else a 404, in the client's protocol. */
export async function getModel(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  query: string | undefined,
  name: string,
  protocol: InboundProtocol,
  deps: RelayDeps,
) {
  const auth = await authenticate(req, path, deps, protocol, query);
  // Gemini names a model `models/{id}`; its clients may send either.
  const model = protocol === 'gemini' ? modelId(name) : name;
  if (!visibleModels(auth, deps).includes(model)) {
    throw new NotFoundError(`The model '${model}' does not exist`, { code: 'model_not_found', details: { param: 'model' } });
  }
  switch (protocol) {
    case 'anthropic':
      return sendJson(res, 200, anthropicModelObject(model));
    case 'gemini':
      return sendJson(res, 200, geminiModel(model));
    default:
      return sendJson(res, 200, modelObject(model, auth.group, deps));
  }
}

interface Balances {
  remain: number;
  used: number;
  unlimited: boolean;
  expiresAt: number;
}

/**
 * The balances the legacy endpoints report, read fresh (these calls are rare, and the in-memory
 * balances are only hints): the token's remaining + used quota when `DisplayTokenStatEnabled`,
 * else the user's.
 */
async function balancesOf(auth: AuthenticatedRequest, deps: InfoDeps): Promise<Balances> {
  if (deps.options.displayTokenStat()) {
    const rows: Array<{ remain_quota: string; used_quota: string; unlimited_quota: boolean; expired_time: string }> =
      await deps.dataSource.query(
        'SELECT remain_quota, used_quota, unlimited_quota, expired_time FROM tokens WHERE id = $1',
        [auth.token.id],
      );
    const row = rows[0];
    return {
      remain: Number(row?.remain_quota ?? 0),
      used: Number(row?.used_quota ?? 0),
      unlimited: row?.unlimited_quota ?? false,
      expiresAt: Number(row?.expired_time ?? -1),
    };
  }
  const rows: Array<{ quota: string; used_quota: string }> = await deps.dataSource.query(
    'SELECT quota, used_quota FROM users WHERE id = $1',
    [auth.user.id],
  );
  return { remain: Number(rows[0]?.quota ?? 0), used: Number(rows[0]?.used_quota ?? 0), unlimited: false, expiresAt: -1 };
}

function toDisplayed(quota: number, deps: RelayDeps): number {
  return deps.options.displayInCurrency() ? quota / deps.options.quotaPerUnit() : quota;
}

/** `GET /dashboard/billing/subscription`: the limit in USD (or quota units) as old clients expect. */
export async function billingSubscription(req: IncomingMessage, res: ServerResponse, path: string, deps: InfoDeps) {
  const auth = await authenticate(req, path, deps);
  const balances = await balancesOf(auth, deps);
  const limit = balances.unlimited ? UNLIMITED_USD : toDisplayed(balances.remain + balances.used, deps);
  sendJson(res, 200, {
    object: 'billing_subscription',
    has_payment_method: true,
    soft_limit_usd: limit,
    hard_limit_usd: limit,
    system_hard_limit_usd: limit,
    access_until: balances.expiresAt > 0 ? balances.expiresAt : 0,
  });
}

/** `GET /dashboard/billing/usage`: the amount used, in cents, as OpenAI's endpoint gave it. */
export async function billingUsage(req: IncomingMessage, res: ServerResponse, path: string, deps: InfoDeps) {
  const auth = await authenticate(req, path, deps);
  const balances = await balancesOf(auth, deps);
  sendJson(res, 200, { object: 'list', total_usage: toDisplayed(balances.used, deps) * 100 });
}
