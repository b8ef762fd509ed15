import type { LogFilter } from '@modelgate/contracts';
import { ValidationError } from '@modelgate/runtime';
import type { Request } from 'express';
import { queryValue } from '../user-admin/user-admin-input';

/** Prefix of input-validation failures, as in the reference (`输入不合法 …`). */
const INVALID_INPUT = '输入不合法：';
/** Longest text filter sent on (the widest filtered column is 255 characters). */
const MAX_TEXT = 255;
/** Longest numeric filter: unix seconds and ids fit well within 15 digits. */
const MAX_DIGITS = 15;

/** A non-negative integer query parameter; absent or empty gives 0 (no filter). */
export function queryInteger(req: Request, name: string): number {
  const value = queryValue(req, name, 64)?.trim();
  if (value === undefined || value === '') return 0;
  if (!/^\d+$/.test(value) || value.length > MAX_DIGITS) {
    throw new ValidationError(`${INVALID_INPUT}${name} 必须是非负整数`, { code: 'invalid_filter' });
  }
  return Number(value);
}

function queryText(req: Request, name: string): string {
  return queryValue(req, name, MAX_TEXT)?.trim() ?? '';
}

/**
 * The filters of the log page (`type`, `token_name`, `model_name`, `start_timestamp`,
 * `end_timestamp`, `group`, and for admins `username` and `channel`). Numbers must be
 * non-negative integers; users' requests never carry the admin-only filters (billing ignores
 * them for users anyway).
 */
export function logFilterOf(req: Request, admin: boolean): LogFilter {
  const filter: LogFilter = {
    type: queryInteger(req, 'type'),
    token_name: queryText(req, 'token_name'),
    model_name: queryText(req, 'model_name'),
    start_timestamp: queryInteger(req, 'start_timestamp'),
    end_timestamp: queryInteger(req, 'end_timestamp'),
    group: queryText(req, 'group'),
  };
  if (!admin) return filter;
  return { ...filter, username: queryText(req, 'username'), channel: queryInteger(req, 'channel') };
}
