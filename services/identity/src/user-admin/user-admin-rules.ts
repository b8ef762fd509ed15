import type { UserChanged } from '@modelgate/contracts/bus';
import { UserRole, UserStatus } from '@modelgate/db';
import { PermissionDeniedError, PreconditionFailedError } from '@modelgate/runtime';
import { UserAdminMessage } from './user-admin-messages';

/** The role and status of a user a rule looks at. */
export interface RoleAndStatus {
  role: number;
  status: number;
}

/** What `ManageUser` can do (the proto's `UserAction` names). */
export type ManageAction =
  | 'USER_ACTION_PROMOTE'
  | 'USER_ACTION_DEMOTE'
  | 'USER_ACTION_ENABLE'
  | 'USER_ACTION_DISABLE'
  | 'USER_ACTION_DELETE';

/** The outcome of an allowed action: the new role and status, and what changed. */
export interface ManagePlan extends RoleAndStatus {
  /** Soft-delete the user. */
  delete: boolean;
  /** The `user.changed` reason, or undefined when nothing changes (e.g. enabling an enabled user). */
  reason: UserChanged['reason'] | undefined;
}

function denied(message: string, code: string): PermissionDeniedError {
  return new PermissionDeniedError(message, { code });
}

/**
 * Viewing: an admin sees users below their own role; the super admin sees everyone (the
 * reference's rule: reading is not acting, and the super admin may open any row).
 */
export function assertCanView(actor: RoleAndStatus, target: RoleAndStatus): void {
  if (actor.role < UserRole.Root && actor.role <= target.role) {
    throw denied(UserAdminMessage.viewSameOrHigher, 'target_role_not_lower');
  }
}

/** Acting (edit, manage): nobody acts on a user of the same or higher role (spec §6). */
export function assertCanAct(actor: RoleAndStatus, target: RoleAndStatus): void {
  if (actor.role <= target.role) throw denied(UserAdminMessage.actOnSameOrHigher, 'target_role_not_lower');
}

/** A role a client asks for (create, edit) must be below the actor's own. */
export function assertRoleBelowActor(actor: RoleAndStatus, requestedRole: number, message: string): void {
  if (requestedRole >= actor.role) throw denied(message, 'role_not_lower');
}

/**
 * Decides `action` by `actor` on `target` (spec §4 and §6, with the reference's messages). The
 * super admin's own protections are checked first so an admin trying them learns why; then the
 * same-or-higher rule; then what the action needs of the target's current state.
 */
export function planManageAction(actor: RoleAndStatus, target: RoleAndStatus, action: ManageAction): ManagePlan {
  const targetIsRoot = target.role >= UserRole.Root;
  if (targetIsRoot && action === 'USER_ACTION_DISABLE') throw denied(UserAdminMessage.disableRoot, 'root_protected');
  if (targetIsRoot && action === 'USER_ACTION_DELETE') throw denied(UserAdminMessage.deleteRoot, 'root_protected');
  if (targetIsRoot && action === 'USER_ACTION_DEMOTE') throw denied(UserAdminMessage.demoteRoot, 'root_protected');
  if (action === 'USER_ACTION_PROMOTE' && actor.role < UserRole.Root) {
    throw denied(UserAdminMessage.promoteByAdmin, 'promote_requires_root');
  }
  assertCanAct(actor, target);

  const keep = { role: target.role, status: target.status, delete: false };
  switch (action) {
    case 'USER_ACTION_PROMOTE':
      if (target.role >= UserRole.Admin) {
        throw new PreconditionFailedError(UserAdminMessage.alreadyAdmin, { code: 'already_admin' });
      }
      return { ...keep, role: UserRole.Admin, reason: 'role' };
    case 'USER_ACTION_DEMOTE':
      if (target.role === UserRole.Common) {
        throw new PreconditionFailedError(UserAdminMessage.alreadyCommon, { code: 'already_common' });
      }
      return { ...keep, role: UserRole.Common, reason: 'role' };
    case 'USER_ACTION_ENABLE':
      if (target.status === UserStatus.CannotEnable) {
        throw new PreconditionFailedError(UserAdminMessage.cannotEnable, { code: 'cannot_enable' });
      }
      return target.status === UserStatus.Enabled
        ? { ...keep, reason: undefined }
        : { ...keep, status: UserStatus.Enabled, reason: 'status' };
    case 'USER_ACTION_DISABLE':
      // "Cannot be enabled" already keeps the user out, and must not become plain "banned",
      // which could then be enabled.
      return target.status === UserStatus.Disabled || target.status === UserStatus.CannotEnable
        ? { ...keep, reason: undefined }
        : { ...keep, status: UserStatus.Disabled, reason: 'status' };
    case 'USER_ACTION_DELETE':
      return { ...keep, delete: true, reason: 'deleted' };
  }
}
