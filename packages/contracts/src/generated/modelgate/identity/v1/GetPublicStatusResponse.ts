// Original file: proto/modelgate/identity/v1/identity_service.proto

import type { PublicStatus as _modelgate_identity_v1_PublicStatus, PublicStatus__Output as _modelgate_identity_v1_PublicStatus__Output } from '../../../modelgate/identity/v1/PublicStatus';

/**
 * GetPublicStatusResponse carries the public status.
 */
export interface GetPublicStatusResponse {
  /**
   * The public status.
   */
  'status'?: (_modelgate_identity_v1_PublicStatus | null);
}

/**
 * GetPublicStatusResponse carries the public status.
 */
export interface GetPublicStatusResponse__Output {
  /**
   * The public status.
   */
  'status': (_modelgate_identity_v1_PublicStatus__Output | null);
}
