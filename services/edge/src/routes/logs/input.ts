import type { LogFilter } from '@modelgate/contracts';
import type { Request } from 'express';
import { queryInteger, queryText, queryTimestamp } from '../../http/query-input';

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
    start_timestamp: queryTimestamp(req, 'start_timestamp'),
    end_timestamp: queryTimestamp(req, 'end_timestamp'),
    group: queryText(req, 'group'),
  };
  if (!admin) return filter;
  return { ...filter, username: queryText(req, 'username'), channel: queryInteger(req, 'channel') };
}
