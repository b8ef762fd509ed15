import type { ListQuotaDataRequest, LogFilter } from '@modelgate/contracts';
import { adminLogFilterQuery, adminQuotaDataQuery, logFilterQuery, quotaDataQuery } from '@modelgate/contracts/api';
import type { Request } from 'express';
import { parseQuery } from '../../http/query-input';

/**
 * The filters of the log page, as the `/api` contract declares them: admins' requests also
 * carry `username` and `channel`; users' never do (billing ignores them for users anyway).
 */
export function logFilterOf(req: Request, admin: boolean): LogFilter {
  return admin ? parseQuery(adminLogFilterQuery, req) : parseQuery(logFilterQuery, req);
}

/**
 * The dashboard's range and bucket size (`default_time`: hour, day or week), and for admins
 * optionally one user's name.
 */
export function quotaDataRequestOf(req: Request, admin: boolean): Omit<ListQuotaDataRequest, 'caller'> {
  if (!admin) {
    const { default_time, ...range } = parseQuery(quotaDataQuery, req);
    return { ...range, granularity: default_time };
  }
  const { default_time, ...range } = parseQuery(adminQuotaDataQuery, req);
  return { ...range, granularity: default_time };
}
