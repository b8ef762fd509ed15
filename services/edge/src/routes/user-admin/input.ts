import { userSearchQuery } from '@modelgate/contracts/api';
import type { Request } from 'express';
import { parseQuery } from '../../http/query-input';

/** The request bodies of user management, declared once in the `/api` contract. */
export { createUserBody, manageUserBody, updateUserBody } from '@modelgate/contracts/api';

/** The filters of `GET /api/user/search`. */
export function searchOf(req: Request): { keyword: string; group: string } {
  return parseQuery(userSearchQuery, req);
}
