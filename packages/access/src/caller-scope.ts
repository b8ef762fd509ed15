import { PermissionDeniedError, ValidationError } from '@modelgate/runtime';
import { UserRole } from '@modelgate/db';

/** Refusal of an all-users query to a caller below admin (the console's wording). */
export const INSUFFICIENT_ROLE = '无权进行此操作，权限不足';

/** The caller a listing service is told about: who asks, their role, and whether only for themselves. */
export interface ListingCaller {
  /** int64 on the wire: a decimal string. */
  user_id: string;
  role: number;
  self: boolean;
}

/**
 * Whose rows a listing may read: one user's (the console's `self` endpoints) or everybody's
 * (admins). The owning service decides this itself from the caller edge names, so a mistake in
 * a route can never widen what a user sees.
 */
export type CallerScope = { kind: 'self'; userId: number } | { kind: 'admin'; userId: number };

/**
 * The scope of a listing from its caller: `self` requests are limited to the caller's rows
 * whatever the role; any other request needs an admin (role 10 or above), else PERMISSION_DENIED.
 */
export function callerScopeOf(caller: ListingCaller | null): CallerScope {
  const userId = Number(caller?.user_id ?? 0);
  if (!caller || !Number.isSafeInteger(userId) || userId <= 0) {
    throw new ValidationError('caller.user_id must be a positive integer', { code: 'invalid_caller' });
  }
  if (caller.self) return { kind: 'self', userId };
  if (caller.role < UserRole.Admin) {
    throw new PermissionDeniedError(INSUFFICIENT_ROLE, { code: 'insufficient_role' });
  }
  return { kind: 'admin', userId };
}
