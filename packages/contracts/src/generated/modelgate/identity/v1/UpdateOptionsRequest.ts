// Original file: proto/modelgate/identity/v1/identity_service.proto

import type { Option as _modelgate_identity_v1_Option, Option__Output as _modelgate_identity_v1_Option__Output } from '../../../modelgate/identity/v1/Option';

/**
 * UpdateOptionsRequest carries the options to write.
 */
export interface UpdateOptionsRequest {
  /**
   * The options to write; keys not listed are left alone.
   */
  'options'?: (_modelgate_identity_v1_Option)[];
}

/**
 * UpdateOptionsRequest carries the options to write.
 */
export interface UpdateOptionsRequest__Output {
  /**
   * The options to write; keys not listed are left alone.
   */
  'options': (_modelgate_identity_v1_Option__Output)[];
}
