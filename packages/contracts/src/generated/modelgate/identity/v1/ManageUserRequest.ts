// Original file: proto/modelgate/identity/v1/user_admin_service.proto

import type { UserAction as _modelgate_identity_v1_UserAction, UserAction__Output as _modelgate_identity_v1_UserAction__Output } from '../../../modelgate/identity/v1/UserAction';
import type { Long } from '@grpc/proto-loader';

/**
 * ManageUserRequest names the user and the action.
 */
export interface ManageUserRequest {
  /**
   * The admin acting.
   */
  'actor_id'?: (number | string | Long);
  /**
   * The user acted on.
   */
  'user_id'?: (number | string | Long);
  /**
   * What to do.
   */
  'action'?: (_modelgate_identity_v1_UserAction);
}

/**
 * ManageUserRequest names the user and the action.
 */
export interface ManageUserRequest__Output {
  /**
   * The admin acting.
   */
  'actor_id': (string);
  /**
   * The user acted on.
   */
  'user_id': (string);
  /**
   * What to do.
   */
  'action': (_modelgate_identity_v1_UserAction__Output);
}
