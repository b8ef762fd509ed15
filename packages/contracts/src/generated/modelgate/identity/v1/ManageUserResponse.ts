// Original file: proto/modelgate/identity/v1/user_admin_service.proto


/**
 * ManageUserResponse carries the user's role and status after the action.
 */
export interface ManageUserResponse {
  /**
   * 1 common user, 10 admin, 100 super admin.
   */
  'role'?: (number);
  /**
   * 1 enabled, 2 banned, 3 cannot be enabled.
   */
  'status'?: (number);
}

/**
 * ManageUserResponse carries the user's role and status after the action.
 */
export interface ManageUserResponse__Output {
  /**
   * 1 common user, 10 admin, 100 super admin.
   */
  'role': (number);
  /**
   * 1 enabled, 2 banned, 3 cannot be enabled.
   */
  'status': (number);
}
