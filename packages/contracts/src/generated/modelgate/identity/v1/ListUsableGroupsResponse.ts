// Original file: proto/modelgate/identity/v1/account_service.proto

import type { UsableGroup as _modelgate_identity_v1_UsableGroup, UsableGroup__Output as _modelgate_identity_v1_UsableGroup__Output } from '../../../modelgate/identity/v1/UsableGroup';

/**
 * ListUsableGroupsResponse lists the groups the user may use.
 */
export interface ListUsableGroupsResponse {
  /**
   * Usable groups: those of UserUsableGroups, then the user's own group.
   */
  'groups'?: (_modelgate_identity_v1_UsableGroup)[];
}

/**
 * ListUsableGroupsResponse lists the groups the user may use.
 */
export interface ListUsableGroupsResponse__Output {
  /**
   * Usable groups: those of UserUsableGroups, then the user's own group.
   */
  'groups': (_modelgate_identity_v1_UsableGroup__Output)[];
}
