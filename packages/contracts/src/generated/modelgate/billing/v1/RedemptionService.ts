// Original file: proto/modelgate/billing/v1/redemption_service.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CreateRedemptionsRequest as _modelgate_billing_v1_CreateRedemptionsRequest, CreateRedemptionsRequest__Output as _modelgate_billing_v1_CreateRedemptionsRequest__Output } from '../../../modelgate/billing/v1/CreateRedemptionsRequest';
import type { CreateRedemptionsResponse as _modelgate_billing_v1_CreateRedemptionsResponse, CreateRedemptionsResponse__Output as _modelgate_billing_v1_CreateRedemptionsResponse__Output } from '../../../modelgate/billing/v1/CreateRedemptionsResponse';
import type { DeleteRedemptionRequest as _modelgate_billing_v1_DeleteRedemptionRequest, DeleteRedemptionRequest__Output as _modelgate_billing_v1_DeleteRedemptionRequest__Output } from '../../../modelgate/billing/v1/DeleteRedemptionRequest';
import type { DeleteRedemptionResponse as _modelgate_billing_v1_DeleteRedemptionResponse, DeleteRedemptionResponse__Output as _modelgate_billing_v1_DeleteRedemptionResponse__Output } from '../../../modelgate/billing/v1/DeleteRedemptionResponse';
import type { GetRedemptionRequest as _modelgate_billing_v1_GetRedemptionRequest, GetRedemptionRequest__Output as _modelgate_billing_v1_GetRedemptionRequest__Output } from '../../../modelgate/billing/v1/GetRedemptionRequest';
import type { GetRedemptionResponse as _modelgate_billing_v1_GetRedemptionResponse, GetRedemptionResponse__Output as _modelgate_billing_v1_GetRedemptionResponse__Output } from '../../../modelgate/billing/v1/GetRedemptionResponse';
import type { ListRedemptionsRequest as _modelgate_billing_v1_ListRedemptionsRequest, ListRedemptionsRequest__Output as _modelgate_billing_v1_ListRedemptionsRequest__Output } from '../../../modelgate/billing/v1/ListRedemptionsRequest';
import type { ListRedemptionsResponse as _modelgate_billing_v1_ListRedemptionsResponse, ListRedemptionsResponse__Output as _modelgate_billing_v1_ListRedemptionsResponse__Output } from '../../../modelgate/billing/v1/ListRedemptionsResponse';
import type { RedeemRequest as _modelgate_billing_v1_RedeemRequest, RedeemRequest__Output as _modelgate_billing_v1_RedeemRequest__Output } from '../../../modelgate/billing/v1/RedeemRequest';
import type { RedeemResponse as _modelgate_billing_v1_RedeemResponse, RedeemResponse__Output as _modelgate_billing_v1_RedeemResponse__Output } from '../../../modelgate/billing/v1/RedeemResponse';
import type { SetRedemptionStatusRequest as _modelgate_billing_v1_SetRedemptionStatusRequest, SetRedemptionStatusRequest__Output as _modelgate_billing_v1_SetRedemptionStatusRequest__Output } from '../../../modelgate/billing/v1/SetRedemptionStatusRequest';
import type { SetRedemptionStatusResponse as _modelgate_billing_v1_SetRedemptionStatusResponse, SetRedemptionStatusResponse__Output as _modelgate_billing_v1_SetRedemptionStatusResponse__Output } from '../../../modelgate/billing/v1/SetRedemptionStatusResponse';
import type { UpdateRedemptionRequest as _modelgate_billing_v1_UpdateRedemptionRequest, UpdateRedemptionRequest__Output as _modelgate_billing_v1_UpdateRedemptionRequest__Output } from '../../../modelgate/billing/v1/UpdateRedemptionRequest';
import type { UpdateRedemptionResponse as _modelgate_billing_v1_UpdateRedemptionResponse, UpdateRedemptionResponse__Output as _modelgate_billing_v1_UpdateRedemptionResponse__Output } from '../../../modelgate/billing/v1/UpdateRedemptionResponse';

/**
 * RedemptionService manages redemption codes (`redemptions`, owned by billing) and redeems them.
 * Admin calls are authorised by edge (admin role); billing applies the product's rules. Refusals
 * are INVALID_ARGUMENT (bad input), NOT_FOUND (no such code) or FAILED_PRECONDITION (the code's
 * state forbids it), each with the message the console shows.
 */
export interface RedemptionServiceClient extends grpc.Client {
  /**
   * CreateRedemptions issues `count` new unused codes with the same name and quota and returns
   * their keys. INVALID_ARGUMENT when the name is over 20 characters, the quota is not positive or
   * the count is not 1 to 100.
   */
  CreateRedemptions(argument: _modelgate_billing_v1_CreateRedemptionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_CreateRedemptionsResponse__Output>): grpc.ClientUnaryCall;
  CreateRedemptions(argument: _modelgate_billing_v1_CreateRedemptionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_CreateRedemptionsResponse__Output>): grpc.ClientUnaryCall;
  CreateRedemptions(argument: _modelgate_billing_v1_CreateRedemptionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_CreateRedemptionsResponse__Output>): grpc.ClientUnaryCall;
  CreateRedemptions(argument: _modelgate_billing_v1_CreateRedemptionsRequest, callback: grpc.requestCallback<_modelgate_billing_v1_CreateRedemptionsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * CreateRedemptions issues `count` new unused codes with the same name and quota and returns
   * their keys. INVALID_ARGUMENT when the name is over 20 characters, the quota is not positive or
   * the count is not 1 to 100.
   */
  createRedemptions(argument: _modelgate_billing_v1_CreateRedemptionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_CreateRedemptionsResponse__Output>): grpc.ClientUnaryCall;
  createRedemptions(argument: _modelgate_billing_v1_CreateRedemptionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_CreateRedemptionsResponse__Output>): grpc.ClientUnaryCall;
  createRedemptions(argument: _modelgate_billing_v1_CreateRedemptionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_CreateRedemptionsResponse__Output>): grpc.ClientUnaryCall;
  createRedemptions(argument: _modelgate_billing_v1_CreateRedemptionsRequest, callback: grpc.requestCallback<_modelgate_billing_v1_CreateRedemptionsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * DeleteRedemption deletes a code (softly: the row stays for the logs). NOT_FOUND for no such code.
   */
  DeleteRedemption(argument: _modelgate_billing_v1_DeleteRedemptionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_DeleteRedemptionResponse__Output>): grpc.ClientUnaryCall;
  DeleteRedemption(argument: _modelgate_billing_v1_DeleteRedemptionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_DeleteRedemptionResponse__Output>): grpc.ClientUnaryCall;
  DeleteRedemption(argument: _modelgate_billing_v1_DeleteRedemptionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_DeleteRedemptionResponse__Output>): grpc.ClientUnaryCall;
  DeleteRedemption(argument: _modelgate_billing_v1_DeleteRedemptionRequest, callback: grpc.requestCallback<_modelgate_billing_v1_DeleteRedemptionResponse__Output>): grpc.ClientUnaryCall;
  /**
   * DeleteRedemption deletes a code (softly: the row stays for the logs). NOT_FOUND for no such code.
   */
  deleteRedemption(argument: _modelgate_billing_v1_DeleteRedemptionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_DeleteRedemptionResponse__Output>): grpc.ClientUnaryCall;
  deleteRedemption(argument: _modelgate_billing_v1_DeleteRedemptionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_DeleteRedemptionResponse__Output>): grpc.ClientUnaryCall;
  deleteRedemption(argument: _modelgate_billing_v1_DeleteRedemptionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_DeleteRedemptionResponse__Output>): grpc.ClientUnaryCall;
  deleteRedemption(argument: _modelgate_billing_v1_DeleteRedemptionRequest, callback: grpc.requestCallback<_modelgate_billing_v1_DeleteRedemptionResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * GetRedemption returns one code. NOT_FOUND when there is no such code (or it was deleted).
   */
  GetRedemption(argument: _modelgate_billing_v1_GetRedemptionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_GetRedemptionResponse__Output>): grpc.ClientUnaryCall;
  GetRedemption(argument: _modelgate_billing_v1_GetRedemptionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_GetRedemptionResponse__Output>): grpc.ClientUnaryCall;
  GetRedemption(argument: _modelgate_billing_v1_GetRedemptionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_GetRedemptionResponse__Output>): grpc.ClientUnaryCall;
  GetRedemption(argument: _modelgate_billing_v1_GetRedemptionRequest, callback: grpc.requestCallback<_modelgate_billing_v1_GetRedemptionResponse__Output>): grpc.ClientUnaryCall;
  /**
   * GetRedemption returns one code. NOT_FOUND when there is no such code (or it was deleted).
   */
  getRedemption(argument: _modelgate_billing_v1_GetRedemptionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_GetRedemptionResponse__Output>): grpc.ClientUnaryCall;
  getRedemption(argument: _modelgate_billing_v1_GetRedemptionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_GetRedemptionResponse__Output>): grpc.ClientUnaryCall;
  getRedemption(argument: _modelgate_billing_v1_GetRedemptionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_GetRedemptionResponse__Output>): grpc.ClientUnaryCall;
  getRedemption(argument: _modelgate_billing_v1_GetRedemptionRequest, callback: grpc.requestCallback<_modelgate_billing_v1_GetRedemptionResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * ListRedemptions pages over the codes that are not deleted, highest id first, optionally
   * filtered by a keyword. INVALID_ARGUMENT for a page or page size out of range.
   */
  ListRedemptions(argument: _modelgate_billing_v1_ListRedemptionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_ListRedemptionsResponse__Output>): grpc.ClientUnaryCall;
  ListRedemptions(argument: _modelgate_billing_v1_ListRedemptionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_ListRedemptionsResponse__Output>): grpc.ClientUnaryCall;
  ListRedemptions(argument: _modelgate_billing_v1_ListRedemptionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_ListRedemptionsResponse__Output>): grpc.ClientUnaryCall;
  ListRedemptions(argument: _modelgate_billing_v1_ListRedemptionsRequest, callback: grpc.requestCallback<_modelgate_billing_v1_ListRedemptionsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * ListRedemptions pages over the codes that are not deleted, highest id first, optionally
   * filtered by a keyword. INVALID_ARGUMENT for a page or page size out of range.
   */
  listRedemptions(argument: _modelgate_billing_v1_ListRedemptionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_ListRedemptionsResponse__Output>): grpc.ClientUnaryCall;
  listRedemptions(argument: _modelgate_billing_v1_ListRedemptionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_ListRedemptionsResponse__Output>): grpc.ClientUnaryCall;
  listRedemptions(argument: _modelgate_billing_v1_ListRedemptionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_ListRedemptionsResponse__Output>): grpc.ClientUnaryCall;
  listRedemptions(argument: _modelgate_billing_v1_ListRedemptionsRequest, callback: grpc.requestCallback<_modelgate_billing_v1_ListRedemptionsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Redeem credits an unused, enabled code's quota to the user and marks the code used, exactly
   * once however many times the same key is sent at once, with a top-up log row. Every attempt
   * first waits a short random time (against guessing). INVALID_ARGUMENT for an empty key;
   * NOT_FOUND for an unknown key; FAILED_PRECONDITION for a code already used or disabled.
   */
  Redeem(argument: _modelgate_billing_v1_RedeemRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_RedeemResponse__Output>): grpc.ClientUnaryCall;
  Redeem(argument: _modelgate_billing_v1_RedeemRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_RedeemResponse__Output>): grpc.ClientUnaryCall;
  Redeem(argument: _modelgate_billing_v1_RedeemRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_RedeemResponse__Output>): grpc.ClientUnaryCall;
  Redeem(argument: _modelgate_billing_v1_RedeemRequest, callback: grpc.requestCallback<_modelgate_billing_v1_RedeemResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Redeem credits an unused, enabled code's quota to the user and marks the code used, exactly
   * once however many times the same key is sent at once, with a top-up log row. Every attempt
   * first waits a short random time (against guessing). INVALID_ARGUMENT for an empty key;
   * NOT_FOUND for an unknown key; FAILED_PRECONDITION for a code already used or disabled.
   */
  redeem(argument: _modelgate_billing_v1_RedeemRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_RedeemResponse__Output>): grpc.ClientUnaryCall;
  redeem(argument: _modelgate_billing_v1_RedeemRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_RedeemResponse__Output>): grpc.ClientUnaryCall;
  redeem(argument: _modelgate_billing_v1_RedeemRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_RedeemResponse__Output>): grpc.ClientUnaryCall;
  redeem(argument: _modelgate_billing_v1_RedeemRequest, callback: grpc.requestCallback<_modelgate_billing_v1_RedeemResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * SetRedemptionStatus enables (1) or disables (2) a code not yet redeemed. INVALID_ARGUMENT for
   * any other status; NOT_FOUND for no such code; FAILED_PRECONDITION when it was redeemed.
   */
  SetRedemptionStatus(argument: _modelgate_billing_v1_SetRedemptionStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_SetRedemptionStatusResponse__Output>): grpc.ClientUnaryCall;
  SetRedemptionStatus(argument: _modelgate_billing_v1_SetRedemptionStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_SetRedemptionStatusResponse__Output>): grpc.ClientUnaryCall;
  SetRedemptionStatus(argument: _modelgate_billing_v1_SetRedemptionStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_SetRedemptionStatusResponse__Output>): grpc.ClientUnaryCall;
  SetRedemptionStatus(argument: _modelgate_billing_v1_SetRedemptionStatusRequest, callback: grpc.requestCallback<_modelgate_billing_v1_SetRedemptionStatusResponse__Output>): grpc.ClientUnaryCall;
  /**
   * SetRedemptionStatus enables (1) or disables (2) a code not yet redeemed. INVALID_ARGUMENT for
   * any other status; NOT_FOUND for no such code; FAILED_PRECONDITION when it was redeemed.
   */
  setRedemptionStatus(argument: _modelgate_billing_v1_SetRedemptionStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_SetRedemptionStatusResponse__Output>): grpc.ClientUnaryCall;
  setRedemptionStatus(argument: _modelgate_billing_v1_SetRedemptionStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_SetRedemptionStatusResponse__Output>): grpc.ClientUnaryCall;
  setRedemptionStatus(argument: _modelgate_billing_v1_SetRedemptionStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_SetRedemptionStatusResponse__Output>): grpc.ClientUnaryCall;
  setRedemptionStatus(argument: _modelgate_billing_v1_SetRedemptionStatusRequest, callback: grpc.requestCallback<_modelgate_billing_v1_SetRedemptionStatusResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * UpdateRedemption changes the name and quota of a code not yet redeemed. NOT_FOUND for no such
   * code; FAILED_PRECONDITION when it was redeemed; INVALID_ARGUMENT for a bad name or quota.
   */
  UpdateRedemption(argument: _modelgate_billing_v1_UpdateRedemptionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_UpdateRedemptionResponse__Output>): grpc.ClientUnaryCall;
  UpdateRedemption(argument: _modelgate_billing_v1_UpdateRedemptionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_UpdateRedemptionResponse__Output>): grpc.ClientUnaryCall;
  UpdateRedemption(argument: _modelgate_billing_v1_UpdateRedemptionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_UpdateRedemptionResponse__Output>): grpc.ClientUnaryCall;
  UpdateRedemption(argument: _modelgate_billing_v1_UpdateRedemptionRequest, callback: grpc.requestCallback<_modelgate_billing_v1_UpdateRedemptionResponse__Output>): grpc.ClientUnaryCall;
  /**
   * UpdateRedemption changes the name and quota of a code not yet redeemed. NOT_FOUND for no such
   * code; FAILED_PRECONDITION when it was redeemed; INVALID_ARGUMENT for a bad name or quota.
   */
  updateRedemption(argument: _modelgate_billing_v1_UpdateRedemptionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_UpdateRedemptionResponse__Output>): grpc.ClientUnaryCall;
  updateRedemption(argument: _modelgate_billing_v1_UpdateRedemptionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_UpdateRedemptionResponse__Output>): grpc.ClientUnaryCall;
  updateRedemption(argument: _modelgate_billing_v1_UpdateRedemptionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_UpdateRedemptionResponse__Output>): grpc.ClientUnaryCall;
  updateRedemption(argument: _modelgate_billing_v1_UpdateRedemptionRequest, callback: grpc.requestCallback<_modelgate_billing_v1_UpdateRedemptionResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * RedemptionService manages redemption codes (`redemptions`, owned by billing) and redeems them.
 * Admin calls are authorised by edge (admin role); billing applies the product's rules. Refusals
 * are INVALID_ARGUMENT (bad input), NOT_FOUND (no such code) or FAILED_PRECONDITION (the code's
 * state forbids it), each with the message the console shows.
 */
export interface RedemptionServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * CreateRedemptions issues `count` new unused codes with the same name and quota and returns
   * their keys. INVALID_ARGUMENT when the name is over 20 characters, the quota is not positive or
   * the count is not 1 to 100.
   */
  CreateRedemptions: grpc.handleUnaryCall<_modelgate_billing_v1_CreateRedemptionsRequest__Output, _modelgate_billing_v1_CreateRedemptionsResponse>;
  
  /**
   * DeleteRedemption deletes a code (softly: the row stays for the logs). NOT_FOUND for no such code.
   */
  DeleteRedemption: grpc.handleUnaryCall<_modelgate_billing_v1_DeleteRedemptionRequest__Output, _modelgate_billing_v1_DeleteRedemptionResponse>;
  
  /**
   * GetRedemption returns one code. NOT_FOUND when there is no such code (or it was deleted).
   */
  GetRedemption: grpc.handleUnaryCall<_modelgate_billing_v1_GetRedemptionRequest__Output, _modelgate_billing_v1_GetRedemptionResponse>;
  
  /**
   * ListRedemptions pages over the codes that are not deleted, highest id first, optionally
   * filtered by a keyword. INVALID_ARGUMENT for a page or page size out of range.
   */
  ListRedemptions: grpc.handleUnaryCall<_modelgate_billing_v1_ListRedemptionsRequest__Output, _modelgate_billing_v1_ListRedemptionsResponse>;
  
  /**
   * Redeem credits an unused, enabled code's quota to the user and marks the code used, exactly
   * once however many times the same key is sent at once, with a top-up log row. Every attempt
   * first waits a short random time (against guessing). INVALID_ARGUMENT for an empty key;
   * NOT_FOUND for an unknown key; FAILED_PRECONDITION for a code already used or disabled.
   */
  Redeem: grpc.handleUnaryCall<_modelgate_billing_v1_RedeemRequest__Output, _modelgate_billing_v1_RedeemResponse>;
  
  /**
   * SetRedemptionStatus enables (1) or disables (2) a code not yet redeemed. INVALID_ARGUMENT for
   * any other status; NOT_FOUND for no such code; FAILED_PRECONDITION when it was redeemed.
   */
  SetRedemptionStatus: grpc.handleUnaryCall<_modelgate_billing_v1_SetRedemptionStatusRequest__Output, _modelgate_billing_v1_SetRedemptionStatusResponse>;
  
  /**
   * UpdateRedemption changes the name and quota of a code not yet redeemed. NOT_FOUND for no such
   * code; FAILED_PRECONDITION when it was redeemed; INVALID_ARGUMENT for a bad name or quota.
   */
  UpdateRedemption: grpc.handleUnaryCall<_modelgate_billing_v1_UpdateRedemptionRequest__Output, _modelgate_billing_v1_UpdateRedemptionResponse>;
  
}

export interface RedemptionServiceDefinition extends grpc.ServiceDefinition {
  CreateRedemptions: MethodDefinition<_modelgate_billing_v1_CreateRedemptionsRequest, _modelgate_billing_v1_CreateRedemptionsResponse, _modelgate_billing_v1_CreateRedemptionsRequest__Output, _modelgate_billing_v1_CreateRedemptionsResponse__Output>
  DeleteRedemption: MethodDefinition<_modelgate_billing_v1_DeleteRedemptionRequest, _modelgate_billing_v1_DeleteRedemptionResponse, _modelgate_billing_v1_DeleteRedemptionRequest__Output, _modelgate_billing_v1_DeleteRedemptionResponse__Output>
  GetRedemption: MethodDefinition<_modelgate_billing_v1_GetRedemptionRequest, _modelgate_billing_v1_GetRedemptionResponse, _modelgate_billing_v1_GetRedemptionRequest__Output, _modelgate_billing_v1_GetRedemptionResponse__Output>
  ListRedemptions: MethodDefinition<_modelgate_billing_v1_ListRedemptionsRequest, _modelgate_billing_v1_ListRedemptionsResponse, _modelgate_billing_v1_ListRedemptionsRequest__Output, _modelgate_billing_v1_ListRedemptionsResponse__Output>
  Redeem: MethodDefinition<_modelgate_billing_v1_RedeemRequest, _modelgate_billing_v1_RedeemResponse, _modelgate_billing_v1_RedeemRequest__Output, _modelgate_billing_v1_RedeemResponse__Output>
  SetRedemptionStatus: MethodDefinition<_modelgate_billing_v1_SetRedemptionStatusRequest, _modelgate_billing_v1_SetRedemptionStatusResponse, _modelgate_billing_v1_SetRedemptionStatusRequest__Output, _modelgate_billing_v1_SetRedemptionStatusResponse__Output>
  UpdateRedemption: MethodDefinition<_modelgate_billing_v1_UpdateRedemptionRequest, _modelgate_billing_v1_UpdateRedemptionResponse, _modelgate_billing_v1_UpdateRedemptionRequest__Output, _modelgate_billing_v1_UpdateRedemptionResponse__Output>
}
