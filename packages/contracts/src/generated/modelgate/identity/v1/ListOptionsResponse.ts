// Original file: proto/modelgate/identity/v1/identity_service.proto

import type { Option as _modelgate_identity_v1_Option, Option__Output as _modelgate_identity_v1_Option__Output } from '../../../modelgate/identity/v1/Option';

/**
 * ListOptionsResponse lists the stored options.
 */
export interface ListOptionsResponse {
  /**
   * Every option, sorted by key.
   */
  'options'?: (_modelgate_identity_v1_Option)[];
}

/**
 * ListOptionsResponse lists the stored options.
 */
export interface ListOptionsResponse__Output {
  /**
   * Every option, sorted by key.
   */
  'options': (_modelgate_identity_v1_Option__Output)[];
}
