// Original file: proto/modelgate/billing/v1/billing_service.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AddUserQuotaRequest as _modelgate_billing_v1_AddUserQuotaRequest, AddUserQuotaRequest__Output as _modelgate_billing_v1_AddUserQuotaRequest__Output } from '../../../modelgate/billing/v1/AddUserQuotaRequest';
import type { AddUserQuotaResponse as _modelgate_billing_v1_AddUserQuotaResponse, AddUserQuotaResponse__Output as _modelgate_billing_v1_AddUserQuotaResponse__Output } from '../../../modelgate/billing/v1/AddUserQuotaResponse';
import type { AdjustUserQuotaRequest as _modelgate_billing_v1_AdjustUserQuotaRequest, AdjustUserQuotaRequest__Output as _modelgate_billing_v1_AdjustUserQuotaRequest__Output } from '../../../modelgate/billing/v1/AdjustUserQuotaRequest';
import type { AdjustUserQuotaResponse as _modelgate_billing_v1_AdjustUserQuotaResponse, AdjustUserQuotaResponse__Output as _modelgate_billing_v1_AdjustUserQuotaResponse__Output } from '../../../modelgate/billing/v1/AdjustUserQuotaResponse';
import type { DeleteLogsBeforeRequest as _modelgate_billing_v1_DeleteLogsBeforeRequest, DeleteLogsBeforeRequest__Output as _modelgate_billing_v1_DeleteLogsBeforeRequest__Output } from '../../../modelgate/billing/v1/DeleteLogsBeforeRequest';
import type { DeleteLogsBeforeResponse as _modelgate_billing_v1_DeleteLogsBeforeResponse, DeleteLogsBeforeResponse__Output as _modelgate_billing_v1_DeleteLogsBeforeResponse__Output } from '../../../modelgate/billing/v1/DeleteLogsBeforeResponse';
import type { GetTokenBalancesRequest as _modelgate_billing_v1_GetTokenBalancesRequest, GetTokenBalancesRequest__Output as _modelgate_billing_v1_GetTokenBalancesRequest__Output } from '../../../modelgate/billing/v1/GetTokenBalancesRequest';
import type { GetTokenBalancesResponse as _modelgate_billing_v1_GetTokenBalancesResponse, GetTokenBalancesResponse__Output as _modelgate_billing_v1_GetTokenBalancesResponse__Output } from '../../../modelgate/billing/v1/GetTokenBalancesResponse';
import type { GetUserBalancesRequest as _modelgate_billing_v1_GetUserBalancesRequest, GetUserBalancesRequest__Output as _modelgate_billing_v1_GetUserBalancesRequest__Output } from '../../../modelgate/billing/v1/GetUserBalancesRequest';
import type { GetUserBalancesResponse as _modelgate_billing_v1_GetUserBalancesResponse, GetUserBalancesResponse__Output as _modelgate_billing_v1_GetUserBalancesResponse__Output } from '../../../modelgate/billing/v1/GetUserBalancesResponse';
import type { GetUserQuotaRequest as _modelgate_billing_v1_GetUserQuotaRequest, GetUserQuotaRequest__Output as _modelgate_billing_v1_GetUserQuotaRequest__Output } from '../../../modelgate/billing/v1/GetUserQuotaRequest';
import type { GetUserQuotaResponse as _modelgate_billing_v1_GetUserQuotaResponse, GetUserQuotaResponse__Output as _modelgate_billing_v1_GetUserQuotaResponse__Output } from '../../../modelgate/billing/v1/GetUserQuotaResponse';
import type { ReleaseQuotaRequest as _modelgate_billing_v1_ReleaseQuotaRequest, ReleaseQuotaRequest__Output as _modelgate_billing_v1_ReleaseQuotaRequest__Output } from '../../../modelgate/billing/v1/ReleaseQuotaRequest';
import type { ReleaseQuotaResponse as _modelgate_billing_v1_ReleaseQuotaResponse, ReleaseQuotaResponse__Output as _modelgate_billing_v1_ReleaseQuotaResponse__Output } from '../../../modelgate/billing/v1/ReleaseQuotaResponse';
import type { ReserveQuotaRequest as _modelgate_billing_v1_ReserveQuotaRequest, ReserveQuotaRequest__Output as _modelgate_billing_v1_ReserveQuotaRequest__Output } from '../../../modelgate/billing/v1/ReserveQuotaRequest';
import type { ReserveQuotaResponse as _modelgate_billing_v1_ReserveQuotaResponse, ReserveQuotaResponse__Output as _modelgate_billing_v1_ReserveQuotaResponse__Output } from '../../../modelgate/billing/v1/ReserveQuotaResponse';
import type { RewardInviterRequest as _modelgate_billing_v1_RewardInviterRequest, RewardInviterRequest__Output as _modelgate_billing_v1_RewardInviterRequest__Output } from '../../../modelgate/billing/v1/RewardInviterRequest';
import type { RewardInviterResponse as _modelgate_billing_v1_RewardInviterResponse, RewardInviterResponse__Output as _modelgate_billing_v1_RewardInviterResponse__Output } from '../../../modelgate/billing/v1/RewardInviterResponse';
import type { SetTokenBudgetRequest as _modelgate_billing_v1_SetTokenBudgetRequest, SetTokenBudgetRequest__Output as _modelgate_billing_v1_SetTokenBudgetRequest__Output } from '../../../modelgate/billing/v1/SetTokenBudgetRequest';
import type { SetTokenBudgetResponse as _modelgate_billing_v1_SetTokenBudgetResponse, SetTokenBudgetResponse__Output as _modelgate_billing_v1_SetTokenBudgetResponse__Output } from '../../../modelgate/billing/v1/SetTokenBudgetResponse';
import type { SetUserQuotaRequest as _modelgate_billing_v1_SetUserQuotaRequest, SetUserQuotaRequest__Output as _modelgate_billing_v1_SetUserQuotaRequest__Output } from '../../../modelgate/billing/v1/SetUserQuotaRequest';
import type { SetUserQuotaResponse as _modelgate_billing_v1_SetUserQuotaResponse, SetUserQuotaResponse__Output as _modelgate_billing_v1_SetUserQuotaResponse__Output } from '../../../modelgate/billing/v1/SetUserQuotaResponse';
import type { TransferAffQuotaRequest as _modelgate_billing_v1_TransferAffQuotaRequest, TransferAffQuotaRequest__Output as _modelgate_billing_v1_TransferAffQuotaRequest__Output } from '../../../modelgate/billing/v1/TransferAffQuotaRequest';
import type { TransferAffQuotaResponse as _modelgate_billing_v1_TransferAffQuotaResponse, TransferAffQuotaResponse__Output as _modelgate_billing_v1_TransferAffQuotaResponse__Output } from '../../../modelgate/billing/v1/TransferAffQuotaResponse';

/**
 * BillingService answers questions about balances for the other services.
 */
export interface BillingServiceClient extends grpc.Client {
  /**
   * AddUserQuota adds (or, negative, deducts) an admin's amount to a user's balance under the
   * user row's lock, with a management log row. FAILED_PRECONDITION (insufficient_quota) when a
   * deduction would take the balance below zero; NOT_FOUND for an unknown or deleted user.
   */
  AddUserQuota(argument: _modelgate_billing_v1_AddUserQuotaRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_AddUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  AddUserQuota(argument: _modelgate_billing_v1_AddUserQuotaRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_AddUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  AddUserQuota(argument: _modelgate_billing_v1_AddUserQuotaRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_AddUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  AddUserQuota(argument: _modelgate_billing_v1_AddUserQuotaRequest, callback: grpc.requestCallback<_modelgate_billing_v1_AddUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  /**
   * AddUserQuota adds (or, negative, deducts) an admin's amount to a user's balance under the
   * user row's lock, with a management log row. FAILED_PRECONDITION (insufficient_quota) when a
   * deduction would take the balance below zero; NOT_FOUND for an unknown or deleted user.
   */
  addUserQuota(argument: _modelgate_billing_v1_AddUserQuotaRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_AddUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  addUserQuota(argument: _modelgate_billing_v1_AddUserQuotaRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_AddUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  addUserQuota(argument: _modelgate_billing_v1_AddUserQuotaRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_AddUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  addUserQuota(argument: _modelgate_billing_v1_AddUserQuotaRequest, callback: grpc.requestCallback<_modelgate_billing_v1_AddUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * AdjustUserQuota adds `delta` (negative to deduct) to a user's balance and writes a log row
   * saying why. A deduction may take the balance below zero only when `allow_negative` is set.
   */
  AdjustUserQuota(argument: _modelgate_billing_v1_AdjustUserQuotaRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_AdjustUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  AdjustUserQuota(argument: _modelgate_billing_v1_AdjustUserQuotaRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_AdjustUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  AdjustUserQuota(argument: _modelgate_billing_v1_AdjustUserQuotaRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_AdjustUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  AdjustUserQuota(argument: _modelgate_billing_v1_AdjustUserQuotaRequest, callback: grpc.requestCallback<_modelgate_billing_v1_AdjustUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  /**
   * AdjustUserQuota adds `delta` (negative to deduct) to a user's balance and writes a log row
   * saying why. A deduction may take the balance below zero only when `allow_negative` is set.
   */
  adjustUserQuota(argument: _modelgate_billing_v1_AdjustUserQuotaRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_AdjustUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  adjustUserQuota(argument: _modelgate_billing_v1_AdjustUserQuotaRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_AdjustUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  adjustUserQuota(argument: _modelgate_billing_v1_AdjustUserQuotaRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_AdjustUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  adjustUserQuota(argument: _modelgate_billing_v1_AdjustUserQuotaRequest, callback: grpc.requestCallback<_modelgate_billing_v1_AdjustUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * DeleteLogsBefore deletes every log row created before `target_timestamp`, in batches, and
   * reports how many were removed. INVALID_ARGUMENT when the timestamp is not a positive integer.
   */
  DeleteLogsBefore(argument: _modelgate_billing_v1_DeleteLogsBeforeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_DeleteLogsBeforeResponse__Output>): grpc.ClientUnaryCall;
  DeleteLogsBefore(argument: _modelgate_billing_v1_DeleteLogsBeforeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_DeleteLogsBeforeResponse__Output>): grpc.ClientUnaryCall;
  DeleteLogsBefore(argument: _modelgate_billing_v1_DeleteLogsBeforeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_DeleteLogsBeforeResponse__Output>): grpc.ClientUnaryCall;
  DeleteLogsBefore(argument: _modelgate_billing_v1_DeleteLogsBeforeRequest, callback: grpc.requestCallback<_modelgate_billing_v1_DeleteLogsBeforeResponse__Output>): grpc.ClientUnaryCall;
  /**
   * DeleteLogsBefore deletes every log row created before `target_timestamp`, in batches, and
   * reports how many were removed. INVALID_ARGUMENT when the timestamp is not a positive integer.
   */
  deleteLogsBefore(argument: _modelgate_billing_v1_DeleteLogsBeforeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_DeleteLogsBeforeResponse__Output>): grpc.ClientUnaryCall;
  deleteLogsBefore(argument: _modelgate_billing_v1_DeleteLogsBeforeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_DeleteLogsBeforeResponse__Output>): grpc.ClientUnaryCall;
  deleteLogsBefore(argument: _modelgate_billing_v1_DeleteLogsBeforeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_DeleteLogsBeforeResponse__Output>): grpc.ClientUnaryCall;
  deleteLogsBefore(argument: _modelgate_billing_v1_DeleteLogsBeforeRequest, callback: grpc.requestCallback<_modelgate_billing_v1_DeleteLogsBeforeResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * GetTokenBalances returns the balance columns of several tokens at once, for the views that
   * show them (the owner's token list, one token, the answers of a create or an edit) and for the
   * rule that a limited token with nothing left may not be enabled. Unknown and deleted ids are
   * left out of the answer. INVALID_ARGUMENT for a bad id or more than 1000 ids.
   */
  GetTokenBalances(argument: _modelgate_billing_v1_GetTokenBalancesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_GetTokenBalancesResponse__Output>): grpc.ClientUnaryCall;
  GetTokenBalances(argument: _modelgate_billing_v1_GetTokenBalancesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_GetTokenBalancesResponse__Output>): grpc.ClientUnaryCall;
  GetTokenBalances(argument: _modelgate_billing_v1_GetTokenBalancesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_GetTokenBalancesResponse__Output>): grpc.ClientUnaryCall;
  GetTokenBalances(argument: _modelgate_billing_v1_GetTokenBalancesRequest, callback: grpc.requestCallback<_modelgate_billing_v1_GetTokenBalancesResponse__Output>): grpc.ClientUnaryCall;
  /**
   * GetTokenBalances returns the balance columns of several tokens at once, for the views that
   * show them (the owner's token list, one token, the answers of a create or an edit) and for the
   * rule that a limited token with nothing left may not be enabled. Unknown and deleted ids are
   * left out of the answer. INVALID_ARGUMENT for a bad id or more than 1000 ids.
   */
  getTokenBalances(argument: _modelgate_billing_v1_GetTokenBalancesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_GetTokenBalancesResponse__Output>): grpc.ClientUnaryCall;
  getTokenBalances(argument: _modelgate_billing_v1_GetTokenBalancesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_GetTokenBalancesResponse__Output>): grpc.ClientUnaryCall;
  getTokenBalances(argument: _modelgate_billing_v1_GetTokenBalancesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_GetTokenBalancesResponse__Output>): grpc.ClientUnaryCall;
  getTokenBalances(argument: _modelgate_billing_v1_GetTokenBalancesRequest, callback: grpc.requestCallback<_modelgate_billing_v1_GetTokenBalancesResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * GetUserBalances returns the balance columns of several users at once, for views that show
   * them (the user's own, sign-in answers, admin lists). Unknown ids are left out of the answer.
   */
  GetUserBalances(argument: _modelgate_billing_v1_GetUserBalancesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_GetUserBalancesResponse__Output>): grpc.ClientUnaryCall;
  GetUserBalances(argument: _modelgate_billing_v1_GetUserBalancesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_GetUserBalancesResponse__Output>): grpc.ClientUnaryCall;
  GetUserBalances(argument: _modelgate_billing_v1_GetUserBalancesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_GetUserBalancesResponse__Output>): grpc.ClientUnaryCall;
  GetUserBalances(argument: _modelgate_billing_v1_GetUserBalancesRequest, callback: grpc.requestCallback<_modelgate_billing_v1_GetUserBalancesResponse__Output>): grpc.ClientUnaryCall;
  /**
   * GetUserBalances returns the balance columns of several users at once, for views that show
   * them (the user's own, sign-in answers, admin lists). Unknown ids are left out of the answer.
   */
  getUserBalances(argument: _modelgate_billing_v1_GetUserBalancesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_GetUserBalancesResponse__Output>): grpc.ClientUnaryCall;
  getUserBalances(argument: _modelgate_billing_v1_GetUserBalancesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_GetUserBalancesResponse__Output>): grpc.ClientUnaryCall;
  getUserBalances(argument: _modelgate_billing_v1_GetUserBalancesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_GetUserBalancesResponse__Output>): grpc.ClientUnaryCall;
  getUserBalances(argument: _modelgate_billing_v1_GetUserBalancesRequest, callback: grpc.requestCallback<_modelgate_billing_v1_GetUserBalancesResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * GetUserQuota returns a user's balance and usage counters. NOT_FOUND when the user does not exist.
   */
  GetUserQuota(argument: _modelgate_billing_v1_GetUserQuotaRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_GetUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  GetUserQuota(argument: _modelgate_billing_v1_GetUserQuotaRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_GetUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  GetUserQuota(argument: _modelgate_billing_v1_GetUserQuotaRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_GetUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  GetUserQuota(argument: _modelgate_billing_v1_GetUserQuotaRequest, callback: grpc.requestCallback<_modelgate_billing_v1_GetUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  /**
   * GetUserQuota returns a user's balance and usage counters. NOT_FOUND when the user does not exist.
   */
  getUserQuota(argument: _modelgate_billing_v1_GetUserQuotaRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_GetUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  getUserQuota(argument: _modelgate_billing_v1_GetUserQuotaRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_GetUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  getUserQuota(argument: _modelgate_billing_v1_GetUserQuotaRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_GetUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  getUserQuota(argument: _modelgate_billing_v1_GetUserQuotaRequest, callback: grpc.requestCallback<_modelgate_billing_v1_GetUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * ReleaseQuota refunds the open reservation of a failed request, exactly once. A release of a
   * settled or unknown request id refunds nothing (and makes a late reservation for it take nothing).
   */
  ReleaseQuota(argument: _modelgate_billing_v1_ReleaseQuotaRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_ReleaseQuotaResponse__Output>): grpc.ClientUnaryCall;
  ReleaseQuota(argument: _modelgate_billing_v1_ReleaseQuotaRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_ReleaseQuotaResponse__Output>): grpc.ClientUnaryCall;
  ReleaseQuota(argument: _modelgate_billing_v1_ReleaseQuotaRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_ReleaseQuotaResponse__Output>): grpc.ClientUnaryCall;
  ReleaseQuota(argument: _modelgate_billing_v1_ReleaseQuotaRequest, callback: grpc.requestCallback<_modelgate_billing_v1_ReleaseQuotaResponse__Output>): grpc.ClientUnaryCall;
  /**
   * ReleaseQuota refunds the open reservation of a failed request, exactly once. A release of a
   * settled or unknown request id refunds nothing (and makes a late reservation for it take nothing).
   */
  releaseQuota(argument: _modelgate_billing_v1_ReleaseQuotaRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_ReleaseQuotaResponse__Output>): grpc.ClientUnaryCall;
  releaseQuota(argument: _modelgate_billing_v1_ReleaseQuotaRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_ReleaseQuotaResponse__Output>): grpc.ClientUnaryCall;
  releaseQuota(argument: _modelgate_billing_v1_ReleaseQuotaRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_ReleaseQuotaResponse__Output>): grpc.ClientUnaryCall;
  releaseQuota(argument: _modelgate_billing_v1_ReleaseQuotaRequest, callback: grpc.requestCallback<_modelgate_billing_v1_ReleaseQuotaResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * ReserveQuota takes `amount` from the user's quota and (unless unlimited or absent) the token's
   * remain_quota before the upstream call, atomically and only if both cover it. Idempotent per
   * request id: a repeated call takes nothing and reports the first one. RESOURCE_EXHAUSTED with
   * code insufficient_user_quota or pre_consume_token_quota_failed when a balance falls short;
   * NOT_FOUND for an unknown user or token.
   */
  ReserveQuota(argument: _modelgate_billing_v1_ReserveQuotaRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_ReserveQuotaResponse__Output>): grpc.ClientUnaryCall;
  ReserveQuota(argument: _modelgate_billing_v1_ReserveQuotaRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_ReserveQuotaResponse__Output>): grpc.ClientUnaryCall;
  ReserveQuota(argument: _modelgate_billing_v1_ReserveQuotaRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_ReserveQuotaResponse__Output>): grpc.ClientUnaryCall;
  ReserveQuota(argument: _modelgate_billing_v1_ReserveQuotaRequest, callback: grpc.requestCallback<_modelgate_billing_v1_ReserveQuotaResponse__Output>): grpc.ClientUnaryCall;
  /**
   * ReserveQuota takes `amount` from the user's quota and (unless unlimited or absent) the token's
   * remain_quota before the upstream call, atomically and only if both cover it. Idempotent per
   * request id: a repeated call takes nothing and reports the first one. RESOURCE_EXHAUSTED with
   * code insufficient_user_quota or pre_consume_token_quota_failed when a balance falls short;
   * NOT_FOUND for an unknown user or token.
   */
  reserveQuota(argument: _modelgate_billing_v1_ReserveQuotaRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_ReserveQuotaResponse__Output>): grpc.ClientUnaryCall;
  reserveQuota(argument: _modelgate_billing_v1_ReserveQuotaRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_ReserveQuotaResponse__Output>): grpc.ClientUnaryCall;
  reserveQuota(argument: _modelgate_billing_v1_ReserveQuotaRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_ReserveQuotaResponse__Output>): grpc.ClientUnaryCall;
  reserveQuota(argument: _modelgate_billing_v1_ReserveQuotaRequest, callback: grpc.requestCallback<_modelgate_billing_v1_ReserveQuotaResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * RewardInviter credits an invitation reward: aff_count + 1, aff_quota and aff_history_quota + amount.
   */
  RewardInviter(argument: _modelgate_billing_v1_RewardInviterRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_RewardInviterResponse__Output>): grpc.ClientUnaryCall;
  RewardInviter(argument: _modelgate_billing_v1_RewardInviterRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_RewardInviterResponse__Output>): grpc.ClientUnaryCall;
  RewardInviter(argument: _modelgate_billing_v1_RewardInviterRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_RewardInviterResponse__Output>): grpc.ClientUnaryCall;
  RewardInviter(argument: _modelgate_billing_v1_RewardInviterRequest, callback: grpc.requestCallback<_modelgate_billing_v1_RewardInviterResponse__Output>): grpc.ClientUnaryCall;
  /**
   * RewardInviter credits an invitation reward: aff_count + 1, aff_quota and aff_history_quota + amount.
   */
  rewardInviter(argument: _modelgate_billing_v1_RewardInviterRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_RewardInviterResponse__Output>): grpc.ClientUnaryCall;
  rewardInviter(argument: _modelgate_billing_v1_RewardInviterRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_RewardInviterResponse__Output>): grpc.ClientUnaryCall;
  rewardInviter(argument: _modelgate_billing_v1_RewardInviterRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_RewardInviterResponse__Output>): grpc.ClientUnaryCall;
  rewardInviter(argument: _modelgate_billing_v1_RewardInviterRequest, callback: grpc.requestCallback<_modelgate_billing_v1_RewardInviterResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * SetTokenBudget sets the budget (`remain_quota`) its owner chose for one or more live tokens
   * (a created batch shares one budget). Under each token row's lock it compares the figure with
   * the stored `remain_quota`: the same figure (a form sent back as loaded) writes nothing; any
   * other becomes the budget minus what open reservations of the token still hold, since those are
   * settled or handed back against it later. `used_quota` is never touched. After commit the
   * changed tokens are announced on `modelgate.evt.identity.token.changed` with the caller's
   * `reason`, so relays reload them and hand back leases sized from the old figure; the answer
   * names them, so the caller does not announce them again. NOT_FOUND (token_not_found) when a
   * token is unknown or deleted; INVALID_ARGUMENT for a bad id, a negative budget, a reason
   * other than `created` or `updated`, or more than 100 ids.
   */
  SetTokenBudget(argument: _modelgate_billing_v1_SetTokenBudgetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_SetTokenBudgetResponse__Output>): grpc.ClientUnaryCall;
  SetTokenBudget(argument: _modelgate_billing_v1_SetTokenBudgetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_SetTokenBudgetResponse__Output>): grpc.ClientUnaryCall;
  SetTokenBudget(argument: _modelgate_billing_v1_SetTokenBudgetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_SetTokenBudgetResponse__Output>): grpc.ClientUnaryCall;
  SetTokenBudget(argument: _modelgate_billing_v1_SetTokenBudgetRequest, callback: grpc.requestCallback<_modelgate_billing_v1_SetTokenBudgetResponse__Output>): grpc.ClientUnaryCall;
  /**
   * SetTokenBudget sets the budget (`remain_quota`) its owner chose for one or more live tokens
   * (a created batch shares one budget). Under each token row's lock it compares the figure with
   * the stored `remain_quota`: the same figure (a form sent back as loaded) writes nothing; any
   * other becomes the budget minus what open reservations of the token still hold, since those are
   * settled or handed back against it later. `used_quota` is never touched. After commit the
   * changed tokens are announced on `modelgate.evt.identity.token.changed` with the caller's
   * `reason`, so relays reload them and hand back leases sized from the old figure; the answer
   * names them, so the caller does not announce them again. NOT_FOUND (token_not_found) when a
   * token is unknown or deleted; INVALID_ARGUMENT for a bad id, a negative budget, a reason
   * other than `created` or `updated`, or more than 100 ids.
   */
  setTokenBudget(argument: _modelgate_billing_v1_SetTokenBudgetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_SetTokenBudgetResponse__Output>): grpc.ClientUnaryCall;
  setTokenBudget(argument: _modelgate_billing_v1_SetTokenBudgetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_SetTokenBudgetResponse__Output>): grpc.ClientUnaryCall;
  setTokenBudget(argument: _modelgate_billing_v1_SetTokenBudgetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_SetTokenBudgetResponse__Output>): grpc.ClientUnaryCall;
  setTokenBudget(argument: _modelgate_billing_v1_SetTokenBudgetRequest, callback: grpc.requestCallback<_modelgate_billing_v1_SetTokenBudgetResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * SetUserQuota sets a user's balance outright, as an admin does: under the user row's lock it
   * reads the balance, writes the new one and a management log row worded from both, in one
   * transaction, so a settlement committing meanwhile is never overwritten. Nothing is written
   * when the balance already is `quota`. NOT_FOUND for an unknown or deleted user.
   */
  SetUserQuota(argument: _modelgate_billing_v1_SetUserQuotaRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_SetUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  SetUserQuota(argument: _modelgate_billing_v1_SetUserQuotaRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_SetUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  SetUserQuota(argument: _modelgate_billing_v1_SetUserQuotaRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_SetUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  SetUserQuota(argument: _modelgate_billing_v1_SetUserQuotaRequest, callback: grpc.requestCallback<_modelgate_billing_v1_SetUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  /**
   * SetUserQuota sets a user's balance outright, as an admin does: under the user row's lock it
   * reads the balance, writes the new one and a management log row worded from both, in one
   * transaction, so a settlement committing meanwhile is never overwritten. Nothing is written
   * when the balance already is `quota`. NOT_FOUND for an unknown or deleted user.
   */
  setUserQuota(argument: _modelgate_billing_v1_SetUserQuotaRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_SetUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  setUserQuota(argument: _modelgate_billing_v1_SetUserQuotaRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_SetUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  setUserQuota(argument: _modelgate_billing_v1_SetUserQuotaRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_SetUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  setUserQuota(argument: _modelgate_billing_v1_SetUserQuotaRequest, callback: grpc.requestCallback<_modelgate_billing_v1_SetUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * TransferAffQuota moves invitation rewards into the balance. FAILED_PRECONDITION when the
   * amount is below one QuotaPerUnit or above the rewards held.
   */
  TransferAffQuota(argument: _modelgate_billing_v1_TransferAffQuotaRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_TransferAffQuotaResponse__Output>): grpc.ClientUnaryCall;
  TransferAffQuota(argument: _modelgate_billing_v1_TransferAffQuotaRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_TransferAffQuotaResponse__Output>): grpc.ClientUnaryCall;
  TransferAffQuota(argument: _modelgate_billing_v1_TransferAffQuotaRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_TransferAffQuotaResponse__Output>): grpc.ClientUnaryCall;
  TransferAffQuota(argument: _modelgate_billing_v1_TransferAffQuotaRequest, callback: grpc.requestCallback<_modelgate_billing_v1_TransferAffQuotaResponse__Output>): grpc.ClientUnaryCall;
  /**
   * TransferAffQuota moves invitation rewards into the balance. FAILED_PRECONDITION when the
   * amount is below one QuotaPerUnit or above the rewards held.
   */
  transferAffQuota(argument: _modelgate_billing_v1_TransferAffQuotaRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_TransferAffQuotaResponse__Output>): grpc.ClientUnaryCall;
  transferAffQuota(argument: _modelgate_billing_v1_TransferAffQuotaRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_TransferAffQuotaResponse__Output>): grpc.ClientUnaryCall;
  transferAffQuota(argument: _modelgate_billing_v1_TransferAffQuotaRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_TransferAffQuotaResponse__Output>): grpc.ClientUnaryCall;
  transferAffQuota(argument: _modelgate_billing_v1_TransferAffQuotaRequest, callback: grpc.requestCallback<_modelgate_billing_v1_TransferAffQuotaResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * BillingService answers questions about balances for the other services.
 */
export interface BillingServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * AddUserQuota adds (or, negative, deducts) an admin's amount to a user's balance under the
   * user row's lock, with a management log row. FAILED_PRECONDITION (insufficient_quota) when a
   * deduction would take the balance below zero; NOT_FOUND for an unknown or deleted user.
   */
  AddUserQuota: grpc.handleUnaryCall<_modelgate_billing_v1_AddUserQuotaRequest__Output, _modelgate_billing_v1_AddUserQuotaResponse>;
  
  /**
   * AdjustUserQuota adds `delta` (negative to deduct) to a user's balance and writes a log row
   * saying why. A deduction may take the balance below zero only when `allow_negative` is set.
   */
  AdjustUserQuota: grpc.handleUnaryCall<_modelgate_billing_v1_AdjustUserQuotaRequest__Output, _modelgate_billing_v1_AdjustUserQuotaResponse>;
  
  /**
   * DeleteLogsBefore deletes every log row created before `target_timestamp`, in batches, and
   * reports how many were removed. INVALID_ARGUMENT when the timestamp is not a positive integer.
   */
  DeleteLogsBefore: grpc.handleUnaryCall<_modelgate_billing_v1_DeleteLogsBeforeRequest__Output, _modelgate_billing_v1_DeleteLogsBeforeResponse>;
  
  /**
   * GetTokenBalances returns the balance columns of several tokens at once, for the views that
   * show them (the owner's token list, one token, the answers of a create or an edit) and for the
   * rule that a limited token with nothing left may not be enabled. Unknown and deleted ids are
   * left out of the answer. INVALID_ARGUMENT for a bad id or more than 1000 ids.
   */
  GetTokenBalances: grpc.handleUnaryCall<_modelgate_billing_v1_GetTokenBalancesRequest__Output, _modelgate_billing_v1_GetTokenBalancesResponse>;
  
  /**
   * GetUserBalances returns the balance columns of several users at once, for views that show
   * them (the user's own, sign-in answers, admin lists). Unknown ids are left out of the answer.
   */
  GetUserBalances: grpc.handleUnaryCall<_modelgate_billing_v1_GetUserBalancesRequest__Output, _modelgate_billing_v1_GetUserBalancesResponse>;
  
  /**
   * GetUserQuota returns a user's balance and usage counters. NOT_FOUND when the user does not exist.
   */
  GetUserQuota: grpc.handleUnaryCall<_modelgate_billing_v1_GetUserQuotaRequest__Output, _modelgate_billing_v1_GetUserQuotaResponse>;
  
  /**
   * ReleaseQuota refunds the open reservation of a failed request, exactly once. A release of a
   * settled or unknown request id refunds nothing (and makes a late reservation for it take nothing).
   */
  ReleaseQuota: grpc.handleUnaryCall<_modelgate_billing_v1_ReleaseQuotaRequest__Output, _modelgate_billing_v1_ReleaseQuotaResponse>;
  
  /**
   * ReserveQuota takes `amount` from the user's quota and (unless unlimited or absent) the token's
   * remain_quota before the upstream call, atomically and only if both cover it. Idempotent per
   * request id: a repeated call takes nothing and reports the first one. RESOURCE_EXHAUSTED with
   * code insufficient_user_quota or pre_consume_token_quota_failed when a balance falls short;
   * NOT_FOUND for an unknown user or token.
   */
  ReserveQuota: grpc.handleUnaryCall<_modelgate_billing_v1_ReserveQuotaRequest__Output, _modelgate_billing_v1_ReserveQuotaResponse>;
  
  /**
   * RewardInviter credits an invitation reward: aff_count + 1, aff_quota and aff_history_quota + amount.
   */
  RewardInviter: grpc.handleUnaryCall<_modelgate_billing_v1_RewardInviterRequest__Output, _modelgate_billing_v1_RewardInviterResponse>;
  
  /**
   * SetTokenBudget sets the budget (`remain_quota`) its owner chose for one or more live tokens
   * (a created batch shares one budget). Under each token row's lock it compares the figure with
   * the stored `remain_quota`: the same figure (a form sent back as loaded) writes nothing; any
   * other becomes the budget minus what open reservations of the token still hold, since those are
   * settled or handed back against it later. `used_quota` is never touched. After commit the
   * changed tokens are announced on `modelgate.evt.identity.token.changed` with the caller's
   * `reason`, so relays reload them and hand back leases sized from the old figure; the answer
   * names them, so the caller does not announce them again. NOT_FOUND (token_not_found) when a
   * token is unknown or deleted; INVALID_ARGUMENT for a bad id, a negative budget, a reason
   * other than `created` or `updated`, or more than 100 ids.
   */
  SetTokenBudget: grpc.handleUnaryCall<_modelgate_billing_v1_SetTokenBudgetRequest__Output, _modelgate_billing_v1_SetTokenBudgetResponse>;
  
  /**
   * SetUserQuota sets a user's balance outright, as an admin does: under the user row's lock it
   * reads the balance, writes the new one and a management log row worded from both, in one
   * transaction, so a settlement committing meanwhile is never overwritten. Nothing is written
   * when the balance already is `quota`. NOT_FOUND for an unknown or deleted user.
   */
  SetUserQuota: grpc.handleUnaryCall<_modelgate_billing_v1_SetUserQuotaRequest__Output, _modelgate_billing_v1_SetUserQuotaResponse>;
  
  /**
   * TransferAffQuota moves invitation rewards into the balance. FAILED_PRECONDITION when the
   * amount is below one QuotaPerUnit or above the rewards held.
   */
  TransferAffQuota: grpc.handleUnaryCall<_modelgate_billing_v1_TransferAffQuotaRequest__Output, _modelgate_billing_v1_TransferAffQuotaResponse>;
  
}

export interface BillingServiceDefinition extends grpc.ServiceDefinition {
  AddUserQuota: MethodDefinition<_modelgate_billing_v1_AddUserQuotaRequest, _modelgate_billing_v1_AddUserQuotaResponse, _modelgate_billing_v1_AddUserQuotaRequest__Output, _modelgate_billing_v1_AddUserQuotaResponse__Output>
  AdjustUserQuota: MethodDefinition<_modelgate_billing_v1_AdjustUserQuotaRequest, _modelgate_billing_v1_AdjustUserQuotaResponse, _modelgate_billing_v1_AdjustUserQuotaRequest__Output, _modelgate_billing_v1_AdjustUserQuotaResponse__Output>
  DeleteLogsBefore: MethodDefinition<_modelgate_billing_v1_DeleteLogsBeforeRequest, _modelgate_billing_v1_DeleteLogsBeforeResponse, _modelgate_billing_v1_DeleteLogsBeforeRequest__Output, _modelgate_billing_v1_DeleteLogsBeforeResponse__Output>
  GetTokenBalances: MethodDefinition<_modelgate_billing_v1_GetTokenBalancesRequest, _modelgate_billing_v1_GetTokenBalancesResponse, _modelgate_billing_v1_GetTokenBalancesRequest__Output, _modelgate_billing_v1_GetTokenBalancesResponse__Output>
  GetUserBalances: MethodDefinition<_modelgate_billing_v1_GetUserBalancesRequest, _modelgate_billing_v1_GetUserBalancesResponse, _modelgate_billing_v1_GetUserBalancesRequest__Output, _modelgate_billing_v1_GetUserBalancesResponse__Output>
  GetUserQuota: MethodDefinition<_modelgate_billing_v1_GetUserQuotaRequest, _modelgate_billing_v1_GetUserQuotaResponse, _modelgate_billing_v1_GetUserQuotaRequest__Output, _modelgate_billing_v1_GetUserQuotaResponse__Output>
  ReleaseQuota: MethodDefinition<_modelgate_billing_v1_ReleaseQuotaRequest, _modelgate_billing_v1_ReleaseQuotaResponse, _modelgate_billing_v1_ReleaseQuotaRequest__Output, _modelgate_billing_v1_ReleaseQuotaResponse__Output>
  ReserveQuota: MethodDefinition<_modelgate_billing_v1_ReserveQuotaRequest, _modelgate_billing_v1_ReserveQuotaResponse, _modelgate_billing_v1_ReserveQuotaRequest__Output, _modelgate_billing_v1_ReserveQuotaResponse__Output>
  RewardInviter: MethodDefinition<_modelgate_billing_v1_RewardInviterRequest, _modelgate_billing_v1_RewardInviterResponse, _modelgate_billing_v1_RewardInviterRequest__Output, _modelgate_billing_v1_RewardInviterResponse__Output>
  SetTokenBudget: MethodDefinition<_modelgate_billing_v1_SetTokenBudgetRequest, _modelgate_billing_v1_SetTokenBudgetResponse, _modelgate_billing_v1_SetTokenBudgetRequest__Output, _modelgate_billing_v1_SetTokenBudgetResponse__Output>
  SetUserQuota: MethodDefinition<_modelgate_billing_v1_SetUserQuotaRequest, _modelgate_billing_v1_SetUserQuotaResponse, _modelgate_billing_v1_SetUserQuotaRequest__Output, _modelgate_billing_v1_SetUserQuotaResponse__Output>
  TransferAffQuota: MethodDefinition<_modelgate_billing_v1_TransferAffQuotaRequest, _modelgate_billing_v1_TransferAffQuotaResponse, _modelgate_billing_v1_TransferAffQuotaRequest__Output, _modelgate_billing_v1_TransferAffQuotaResponse__Output>
}
