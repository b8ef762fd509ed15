import { Intent } from '@blueprintjs/core';
import { ROLE_ADMIN, ROLE_ROOT } from '../../app/session-slice';
import type { ManageAction, ManagedUser } from './users-api';

export const ROLE_COMMON = 1;

/** User status (spec §4): 1 activated, 2 banned, 3 cannot be enabled. */
export const UserStatus = { active: 1, banned: 2, locked: 3 } as const;

export type RoleLabel = 'common' | 'admin' | 'root' | 'unknown';

/** The role tag's label key (spec §4): anything but 1, 10 and 100 is an unknown identity. */
export function roleLabel(role: number): RoleLabel {
  if (role === ROLE_COMMON) return 'common';
  if (role === ROLE_ADMIN) return 'admin';
  if (role === ROLE_ROOT) return 'root';
  return 'unknown';
}

export function roleIntent(role: number): Intent {
  if (role === ROLE_ROOT) return Intent.DANGER;
  if (role === ROLE_ADMIN) return Intent.WARNING;
  return Intent.NONE;
}

export type StatusLabel = 'active' | 'banned' | 'locked' | 'deleted' | 'unknown';

export function isDeleted(user: Pick<ManagedUser, 'deleted_at' | 'DeletedAt'>): boolean {
  return user.deleted_at > 0 || Boolean(user.DeletedAt);
}

export function statusLabel(user: Pick<ManagedUser, 'status' | 'deleted_at' | 'DeletedAt'>): StatusLabel {
  if (isDeleted(user)) return 'deleted';
  if (user.status === UserStatus.active) return 'active';
  if (user.status === UserStatus.banned) return 'banned';
  if (user.status === UserStatus.locked) return 'locked';
  return 'unknown';
}

/** Why an offered action cannot be used now; the tooltip says it. */
export type BlockReason = 'adminCannotPromote' | 'cannotEnable';

export interface OfferedAction {
  action: ManageAction | 'edit';
  blockedBy?: BlockReason;
}

/**
 * The row actions the signed-in admin is offered for a user (spec §4, §6): none for a deleted
 * user or for one of the same or higher role (which covers the super admin, who can never be
 * disabled, deleted or demoted); promote only for a common user and only usable by the super
 * admin; demote only for an admin; enable or disable by status (status 3 cannot be enabled).
 */
export function offeredActions(actorRole: number, user: ManagedUser): OfferedAction[] {
  if (isDeleted(user) || user.role >= actorRole) return [];
  const actions: OfferedAction[] = [];
  if (user.role < ROLE_ADMIN) {
    actions.push({ action: 'promote', blockedBy: actorRole >= ROLE_ROOT ? undefined : 'adminCannotPromote' });
  } else {
    actions.push({ action: 'demote' });
  }
  if (user.status === UserStatus.active) actions.push({ action: 'disable' });
  else actions.push({ action: 'enable', blockedBy: user.status === UserStatus.banned ? undefined : 'cannotEnable' });
  actions.push({ action: 'edit' }, { action: 'delete' });
  return actions;
}

/** Actions asked about before they are sent. */
export const CONFIRMED_ACTIONS: ReadonlySet<ManageAction> = new Set(['delete', 'promote', 'demote']);
