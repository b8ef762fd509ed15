// Original file: proto/modelgate/relay/v1/channel_admin_service.proto

import type { TypeModels as _modelgate_relay_v1_TypeModels, TypeModels__Output as _modelgate_relay_v1_TypeModels__Output } from '../../../modelgate/relay/v1/TypeModels';

/**
 * ListDefaultModelsResponse lists every channel type's defaults.
 */
export interface ListDefaultModelsResponse {
  /**
   * One per channel type, by type id.
   */
  'types'?: (_modelgate_relay_v1_TypeModels)[];
}

/**
 * ListDefaultModelsResponse lists every channel type's defaults.
 */
export interface ListDefaultModelsResponse__Output {
  /**
   * One per channel type, by type id.
   */
  'types': (_modelgate_relay_v1_TypeModels__Output)[];
}
