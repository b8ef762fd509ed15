import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AddUserQuotaRequest as _modelgate_billing_v1_AddUserQuotaRequest, AddUserQuotaRequest__Output as _modelgate_billing_v1_AddUserQuotaRequest__Output } from './modelgate/billing/v1/AddUserQuotaRequest';
import type { AddUserQuotaResponse as _modelgate_billing_v1_AddUserQuotaResponse, AddUserQuotaResponse__Output as _modelgate_billing_v1_AddUserQuotaResponse__Output } from './modelgate/billing/v1/AddUserQuotaResponse';
import type { AdjustUserQuotaRequest as _modelgate_billing_v1_AdjustUserQuotaRequest, AdjustUserQuotaRequest__Output as _modelgate_billing_v1_AdjustUserQuotaRequest__Output } from './modelgate/billing/v1/AdjustUserQuotaRequest';
import type { AdjustUserQuotaResponse as _modelgate_billing_v1_AdjustUserQuotaResponse, AdjustUserQuotaResponse__Output as _modelgate_billing_v1_AdjustUserQuotaResponse__Output } from './modelgate/billing/v1/AdjustUserQuotaResponse';
import type { BillingServiceClient as _modelgate_billing_v1_BillingServiceClient, BillingServiceDefinition as _modelgate_billing_v1_BillingServiceDefinition } from './modelgate/billing/v1/BillingService';
import type { DeleteLogsBeforeRequest as _modelgate_billing_v1_DeleteLogsBeforeRequest, DeleteLogsBeforeRequest__Output as _modelgate_billing_v1_DeleteLogsBeforeRequest__Output } from './modelgate/billing/v1/DeleteLogsBeforeRequest';
import type { DeleteLogsBeforeResponse as _modelgate_billing_v1_DeleteLogsBeforeResponse, DeleteLogsBeforeResponse__Output as _modelgate_billing_v1_DeleteLogsBeforeResponse__Output } from './modelgate/billing/v1/DeleteLogsBeforeResponse';
import type { GetTokenBalancesRequest as _modelgate_billing_v1_GetTokenBalancesRequest, GetTokenBalancesRequest__Output as _modelgate_billing_v1_GetTokenBalancesRequest__Output } from './modelgate/billing/v1/GetTokenBalancesRequest';
import type { GetTokenBalancesResponse as _modelgate_billing_v1_GetTokenBalancesResponse, GetTokenBalancesResponse__Output as _modelgate_billing_v1_GetTokenBalancesResponse__Output } from './modelgate/billing/v1/GetTokenBalancesResponse';
import type { GetUserBalancesRequest as _modelgate_billing_v1_GetUserBalancesRequest, GetUserBalancesRequest__Output as _modelgate_billing_v1_GetUserBalancesRequest__Output } from './modelgate/billing/v1/GetUserBalancesRequest';
import type { GetUserBalancesResponse as _modelgate_billing_v1_GetUserBalancesResponse, GetUserBalancesResponse__Output as _modelgate_billing_v1_GetUserBalancesResponse__Output } from './modelgate/billing/v1/GetUserBalancesResponse';
import type { GetUserQuotaRequest as _modelgate_billing_v1_GetUserQuotaRequest, GetUserQuotaRequest__Output as _modelgate_billing_v1_GetUserQuotaRequest__Output } from './modelgate/billing/v1/GetUserQuotaRequest';
import type { GetUserQuotaResponse as _modelgate_billing_v1_GetUserQuotaResponse, GetUserQuotaResponse__Output as _modelgate_billing_v1_GetUserQuotaResponse__Output } from './modelgate/billing/v1/GetUserQuotaResponse';
import type { ReleaseQuotaRequest as _modelgate_billing_v1_ReleaseQuotaRequest, ReleaseQuotaRequest__Output as _modelgate_billing_v1_ReleaseQuotaRequest__Output } from './modelgate/billing/v1/ReleaseQuotaRequest';
import type { ReleaseQuotaResponse as _modelgate_billing_v1_ReleaseQuotaResponse, ReleaseQuotaResponse__Output as _modelgate_billing_v1_ReleaseQuotaResponse__Output } from './modelgate/billing/v1/ReleaseQuotaResponse';
import type { ReserveQuotaRequest as _modelgate_billing_v1_ReserveQuotaRequest, ReserveQuotaRequest__Output as _modelgate_billing_v1_ReserveQuotaRequest__Output } from './modelgate/billing/v1/ReserveQuotaRequest';
import type { ReserveQuotaResponse as _modelgate_billing_v1_ReserveQuotaResponse, ReserveQuotaResponse__Output as _modelgate_billing_v1_ReserveQuotaResponse__Output } from './modelgate/billing/v1/ReserveQuotaResponse';
import type { RewardInviterRequest as _modelgate_billing_v1_RewardInviterRequest, RewardInviterRequest__Output as _modelgate_billing_v1_RewardInviterRequest__Output } from './modelgate/billing/v1/RewardInviterRequest';
import type { RewardInviterResponse as _modelgate_billing_v1_RewardInviterResponse, RewardInviterResponse__Output as _modelgate_billing_v1_RewardInviterResponse__Output } from './modelgate/billing/v1/RewardInviterResponse';
import type { SetTokenBudgetRequest as _modelgate_billing_v1_SetTokenBudgetRequest, SetTokenBudgetRequest__Output as _modelgate_billing_v1_SetTokenBudgetRequest__Output } from './modelgate/billing/v1/SetTokenBudgetRequest';
import type { SetTokenBudgetResponse as _modelgate_billing_v1_SetTokenBudgetResponse, SetTokenBudgetResponse__Output as _modelgate_billing_v1_SetTokenBudgetResponse__Output } from './modelgate/billing/v1/SetTokenBudgetResponse';
import type { SetUserQuotaRequest as _modelgate_billing_v1_SetUserQuotaRequest, SetUserQuotaRequest__Output as _modelgate_billing_v1_SetUserQuotaRequest__Output } from './modelgate/billing/v1/SetUserQuotaRequest';
import type { SetUserQuotaResponse as _modelgate_billing_v1_SetUserQuotaResponse, SetUserQuotaResponse__Output as _modelgate_billing_v1_SetUserQuotaResponse__Output } from './modelgate/billing/v1/SetUserQuotaResponse';
import type { TokenBalance as _modelgate_billing_v1_TokenBalance, TokenBalance__Output as _modelgate_billing_v1_TokenBalance__Output } from './modelgate/billing/v1/TokenBalance';
import type { TransferAffQuotaRequest as _modelgate_billing_v1_TransferAffQuotaRequest, TransferAffQuotaRequest__Output as _modelgate_billing_v1_TransferAffQuotaRequest__Output } from './modelgate/billing/v1/TransferAffQuotaRequest';
import type { TransferAffQuotaResponse as _modelgate_billing_v1_TransferAffQuotaResponse, TransferAffQuotaResponse__Output as _modelgate_billing_v1_TransferAffQuotaResponse__Output } from './modelgate/billing/v1/TransferAffQuotaResponse';
import type { UserBalance as _modelgate_billing_v1_UserBalance, UserBalance__Output as _modelgate_billing_v1_UserBalance__Output } from './modelgate/billing/v1/UserBalance';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  modelgate: {
    billing: {
      v1: {
        AddUserQuotaRequest: MessageTypeDefinition<_modelgate_billing_v1_AddUserQuotaRequest, _modelgate_billing_v1_AddUserQuotaRequest__Output>
        AddUserQuotaResponse: MessageTypeDefinition<_modelgate_billing_v1_AddUserQuotaResponse, _modelgate_billing_v1_AddUserQuotaResponse__Output>
        AdjustUserQuotaRequest: MessageTypeDefinition<_modelgate_billing_v1_AdjustUserQuotaRequest, _modelgate_billing_v1_AdjustUserQuotaRequest__Output>
        AdjustUserQuotaResponse: MessageTypeDefinition<_modelgate_billing_v1_AdjustUserQuotaResponse, _modelgate_billing_v1_AdjustUserQuotaResponse__Output>
        /**
         * BillingService answers questions about balances for the other services.
         */
        BillingService: SubtypeConstructor<typeof grpc.Client, _modelgate_billing_v1_BillingServiceClient> & { service: _modelgate_billing_v1_BillingServiceDefinition }
        DeleteLogsBeforeRequest: MessageTypeDefinition<_modelgate_billing_v1_DeleteLogsBeforeRequest, _modelgate_billing_v1_DeleteLogsBeforeRequest__Output>
        DeleteLogsBeforeResponse: MessageTypeDefinition<_modelgate_billing_v1_DeleteLogsBeforeResponse, _modelgate_billing_v1_DeleteLogsBeforeResponse__Output>
        GetTokenBalancesRequest: MessageTypeDefinition<_modelgate_billing_v1_GetTokenBalancesRequest, _modelgate_billing_v1_GetTokenBalancesRequest__Output>
        GetTokenBalancesResponse: MessageTypeDefinition<_modelgate_billing_v1_GetTokenBalancesResponse, _modelgate_billing_v1_GetTokenBalancesResponse__Output>
        GetUserBalancesRequest: MessageTypeDefinition<_modelgate_billing_v1_GetUserBalancesRequest, _modelgate_billing_v1_GetUserBalancesRequest__Output>
        GetUserBalancesResponse: MessageTypeDefinition<_modelgate_billing_v1_GetUserBalancesResponse, _modelgate_billing_v1_GetUserBalancesResponse__Output>
        GetUserQuotaRequest: MessageTypeDefinition<_modelgate_billing_v1_GetUserQuotaRequest, _modelgate_billing_v1_GetUserQuotaRequest__Output>
        GetUserQuotaResponse: MessageTypeDefinition<_modelgate_billing_v1_GetUserQuotaResponse, _modelgate_billing_v1_GetUserQuotaResponse__Output>
        ReleaseQuotaRequest: MessageTypeDefinition<_modelgate_billing_v1_ReleaseQuotaRequest, _modelgate_billing_v1_ReleaseQuotaRequest__Output>
        ReleaseQuotaResponse: MessageTypeDefinition<_modelgate_billing_v1_ReleaseQuotaResponse, _modelgate_billing_v1_ReleaseQuotaResponse__Output>
        ReserveQuotaRequest: MessageTypeDefinition<_modelgate_billing_v1_ReserveQuotaRequest, _modelgate_billing_v1_ReserveQuotaRequest__Output>
        ReserveQuotaResponse: MessageTypeDefinition<_modelgate_billing_v1_ReserveQuotaResponse, _modelgate_billing_v1_ReserveQuotaResponse__Output>
        RewardInviterRequest: MessageTypeDefinition<_modelgate_billing_v1_RewardInviterRequest, _modelgate_billing_v1_RewardInviterRequest__Output>
        RewardInviterResponse: MessageTypeDefinition<_modelgate_billing_v1_RewardInviterResponse, _modelgate_billing_v1_RewardInviterResponse__Output>
        SetTokenBudgetRequest: MessageTypeDefinition<_modelgate_billing_v1_SetTokenBudgetRequest, _modelgate_billing_v1_SetTokenBudgetRequest__Output>
        SetTokenBudgetResponse: MessageTypeDefinition<_modelgate_billing_v1_SetTokenBudgetResponse, _modelgate_billing_v1_SetTokenBudgetResponse__Output>
        SetUserQuotaRequest: MessageTypeDefinition<_modelgate_billing_v1_SetUserQuotaRequest, _modelgate_billing_v1_SetUserQuotaRequest__Output>
        SetUserQuotaResponse: MessageTypeDefinition<_modelgate_billing_v1_SetUserQuotaResponse, _modelgate_billing_v1_SetUserQuotaResponse__Output>
        TokenBalance: MessageTypeDefinition<_modelgate_billing_v1_TokenBalance, _modelgate_billing_v1_TokenBalance__Output>
        TransferAffQuotaRequest: MessageTypeDefinition<_modelgate_billing_v1_TransferAffQuotaRequest, _modelgate_billing_v1_TransferAffQuotaRequest__Output>
        TransferAffQuotaResponse: MessageTypeDefinition<_modelgate_billing_v1_TransferAffQuotaResponse, _modelgate_billing_v1_TransferAffQuotaResponse__Output>
        UserBalance: MessageTypeDefinition<_modelgate_billing_v1_UserBalance, _modelgate_billing_v1_UserBalance__Output>
      }
    }
  }
}

