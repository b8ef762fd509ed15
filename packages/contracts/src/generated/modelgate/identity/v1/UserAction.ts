// Original file: proto/modelgate/identity/v1/user_admin_service.proto

/**
 * UserAction is what ManageUser does to a user.
 */
export const UserAction = {
  /**
   * Not a valid action.
   */
  USER_ACTION_UNSPECIFIED: 'USER_ACTION_UNSPECIFIED',
  /**
   * Common user to admin (super admin only).
   */
  USER_ACTION_PROMOTE: 'USER_ACTION_PROMOTE',
  /**
   * Admin to common user.
   */
  USER_ACTION_DEMOTE: 'USER_ACTION_DEMOTE',
  /**
   * Banned to enabled (never a user whose status is "cannot be enabled").
   */
  USER_ACTION_ENABLE: 'USER_ACTION_ENABLE',
  /**
   * Enabled to banned.
   */
  USER_ACTION_DISABLE: 'USER_ACTION_DISABLE',
  /**
   * Soft delete: the row stays (logs keep resolving, the username stays taken).
   */
  USER_ACTION_DELETE: 'USER_ACTION_DELETE',
} as const;

/**
 * UserAction is what ManageUser does to a user.
 */
export type UserAction =
  /**
   * Not a valid action.
   */
  | 'USER_ACTION_UNSPECIFIED'
  | 0
  /**
   * Common user to admin (super admin only).
   */
  | 'USER_ACTION_PROMOTE'
  | 1
  /**
   * Admin to common user.
   */
  | 'USER_ACTION_DEMOTE'
  | 2
  /**
   * Banned to enabled (never a user whose status is "cannot be enabled").
   */
  | 'USER_ACTION_ENABLE'
  | 3
  /**
   * Enabled to banned.
   */
  | 'USER_ACTION_DISABLE'
  | 4
  /**
   * Soft delete: the row stays (logs keep resolving, the username stays taken).
   */
  | 'USER_ACTION_DELETE'
  | 5

/**
 * UserAction is what ManageUser does to a user.
 */
export type UserAction__Output = typeof UserAction[keyof typeof UserAction]
