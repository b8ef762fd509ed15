import type { IncomingMessage } from 'node:http';
import { NotFoundError, PermissionDeniedError, UnavailableError, ValidationError } from '@modelgate/runtime';
import type { Admission } from '../admission';
import { checkModelAllowed } from '../auth/token-checks';
import { readRequestBody } from '../http/request-body';
import { authenticateCall } from '../pipeline/authenticate-call';
import { checkBalanceBeforeBody } from '../pipeline/balance-precheck';
import { selectChannel, type SnapshotChannel } from '../routing';
import { priceTask, reserveTask, type TaskPayer, type TaskPrice } from './task-billing';
import type { TaskEndpointDeps } from './task-deps';

/** Channel types of the Midjourney-Proxy(-Plus) and Suno schemas. */
export const MJ_CHANNEL_TYPES: ReadonlySet<number> = new Set([2, 5]);
export const SUNO_CHANNEL_TYPES: ReadonlySet<number> = new Set([36]);

/**
 * Authenticates a task call as `/v1` does (Midjourney clients may send the token as
 * `mj-api-secret` instead of `Authorization`; the token reader takes either).
 */
export async function authenticateTaskCall(req: IncomingMessage, path: string, deps: TaskEndpointDeps): Promise<TaskPayer> {
  const auth = await authenticateCall(req, path, deps);
  return { user: auth.user, token: auth.token, group: auth.group };
}

/**
 * Reads a task submission's JSON object body within the JSON endpoints' limit (413 above: huge
 * base64 images are refused before they are buffered), refusing a caller without balance first.
 */
export async function readTaskBody(req: IncomingMessage, payer: TaskPayer, deps: TaskEndpointDeps): Promise<Record<string, unknown>> {
  checkBalanceBeforeBody(payer.user, payer.token);
  const charge = deps.bodyBudget.open(payer.token.id);
  try {
    const raw = await readRequestBody(req, deps.limits.body.jsonBytes, charge);
    return parseJsonObject(raw);
  } finally {
    charge.release();
  }
}

/** A JSON object body, or a 400. */
export function parseJsonObject(raw: Buffer): Record<string, unknown> {
  let value: unknown;
  try {
    value = raw.length === 0 ? {} : JSON.parse(raw.toString('utf8'));
  } catch {
    throw new ValidationError('the request body is not valid JSON', { code: 'invalid_json' });
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ValidationError('the request body must be a JSON object', { code: 'invalid_request' });
  }
  return value as Record<string, unknown>;
}

/** A channel of `types` for the model in the payer's group (404 for a model no channel lists). */
export function pickTaskChannel(deps: TaskEndpointDeps, payer: TaskPayer, model: string, types: ReadonlySet<number>): SnapshotChannel {
  checkModelAllowed(payer.token, model);
  if (!deps.channels.knowsModel(model)) {
    throw new NotFoundError(`The model \`${model}\` does not exist or no channel offers it.`, { code: 'model_not_found' });
  }
  return selectChannel(deps.channels.snapshot(), { group: payer.group, model, attempt: 0, accepts: (channel) => types.has(channel.type) }, deps.random);
}

/** The channel a follow-up must go to: the original task's, if it is still there and enabled. */
export function originalChannel(deps: TaskEndpointDeps, payer: TaskPayer, model: string, channelId: number): SnapshotChannel {
  checkModelAllowed(payer.token, model);
  const channel = deps.channels.snapshot().channel(channelId);
  if (!channel) throw new UnavailableError(`the channel of the original task no longer exists`, { code: 'channel_not_found' });
  if (!channel.enabled) throw new PermissionDeniedError('the channel of the original task is disabled', { code: 'channel_disabled' });
  return channel;
}

/** A priced and reserved submission, ready for its upstream call. */
export interface ReservedTask {
  readonly price: TaskPrice;
  readonly admission: Admission;
}

export async function priceAndReserve(deps: TaskEndpointDeps, requestId: string, payer: TaskPayer, model: string): Promise<ReservedTask> {
  const price = priceTask(deps, model, payer.group);
  const admission = await reserveTask(deps, requestId, payer, price);
  return { price, admission };
}

/** The channel's upstream address (no trailing slash) and first key. */
export function upstreamOf(channel: SnapshotChannel): { baseUrl: string; key: string } {
  const baseUrl = (channel.row.base_url ?? '').replace(/\/+$/, '');
  if (baseUrl === '') throw new UnavailableError(`channel ${channel.id} has no address`, { code: 'channel_misconfigured' });
  return { baseUrl, key: channel.row.key.split('\n')[0]!.trim() };
}
