import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { CreateRedemptionsRequest as _modelgate_billing_v1_CreateRedemptionsRequest, CreateRedemptionsRequest__Output as _modelgate_billing_v1_CreateRedemptionsRequest__Output } from './modelgate/billing/v1/CreateRedemptionsRequest';
import type { CreateRedemptionsResponse as _modelgate_billing_v1_CreateRedemptionsResponse, CreateRedemptionsResponse__Output as _modelgate_billing_v1_CreateRedemptionsResponse__Output } from './modelgate/billing/v1/CreateRedemptionsResponse';
import type { DeleteRedemptionRequest as _modelgate_billing_v1_DeleteRedemptionRequest, DeleteRedemptionRequest__Output as _modelgate_billing_v1_DeleteRedemptionRequest__Output } from './modelgate/billing/v1/DeleteRedemptionRequest';
import type { DeleteRedemptionResponse as _modelgate_billing_v1_DeleteRedemptionResponse, DeleteRedemptionResponse__Output as _modelgate_billing_v1_DeleteRedemptionResponse__Output } from './modelgate/billing/v1/DeleteRedemptionResponse';
import type { GetRedemptionRequest as _modelgate_billing_v1_GetRedemptionRequest, GetRedemptionRequest__Output as _modelgate_billing_v1_GetRedemptionRequest__Output } from './modelgate/billing/v1/GetRedemptionRequest';
import type { GetRedemptionResponse as _modelgate_billing_v1_GetRedemptionResponse, GetRedemptionResponse__Output as _modelgate_billing_v1_GetRedemptionResponse__Output } from './modelgate/billing/v1/GetRedemptionResponse';
import type { ListRedemptionsRequest as _modelgate_billing_v1_ListRedemptionsRequest, ListRedemptionsRequest__Output as _modelgate_billing_v1_ListRedemptionsRequest__Output } from './modelgate/billing/v1/ListRedemptionsRequest';
import type { ListRedemptionsResponse as _modelgate_billing_v1_ListRedemptionsResponse, ListRedemptionsResponse__Output as _modelgate_billing_v1_ListRedemptionsResponse__Output } from './modelgate/billing/v1/ListRedemptionsResponse';
import type { RedeemRequest as _modelgate_billing_v1_RedeemRequest, RedeemRequest__Output as _modelgate_billing_v1_RedeemRequest__Output } from './modelgate/billing/v1/RedeemRequest';
import type { RedeemResponse as _modelgate_billing_v1_RedeemResponse, RedeemResponse__Output as _modelgate_billing_v1_RedeemResponse__Output } from './modelgate/billing/v1/RedeemResponse';
import type { Redemption as _modelgate_billing_v1_Redemption, Redemption__Output as _modelgate_billing_v1_Redemption__Output } from './modelgate/billing/v1/Redemption';
import type { RedemptionServiceClient as _modelgate_billing_v1_RedemptionServiceClient, RedemptionServiceDefinition as _modelgate_billing_v1_RedemptionServiceDefinition } from './modelgate/billing/v1/RedemptionService';
import type { SetRedemptionStatusRequest as _modelgate_billing_v1_SetRedemptionStatusRequest, SetRedemptionStatusRequest__Output as _modelgate_billing_v1_SetRedemptionStatusRequest__Output } from './modelgate/billing/v1/SetRedemptionStatusRequest';
import type { SetRedemptionStatusResponse as _modelgate_billing_v1_SetRedemptionStatusResponse, SetRedemptionStatusResponse__Output as _modelgate_billing_v1_SetRedemptionStatusResponse__Output } from './modelgate/billing/v1/SetRedemptionStatusResponse';
import type { UpdateRedemptionRequest as _modelgate_billing_v1_UpdateRedemptionRequest, UpdateRedemptionRequest__Output as _modelgate_billing_v1_UpdateRedemptionRequest__Output } from './modelgate/billing/v1/UpdateRedemptionRequest';
import type { UpdateRedemptionResponse as _modelgate_billing_v1_UpdateRedemptionResponse, UpdateRedemptionResponse__Output as _modelgate_billing_v1_UpdateRedemptionResponse__Output } from './modelgate/billing/v1/UpdateRedemptionResponse';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  modelgate: {
    billing: {
      v1: {
        CreateRedemptionsRequest: MessageTypeDefinition<_modelgate_billing_v1_CreateRedemptionsRequest, _modelgate_billing_v1_CreateRedemptionsRequest__Output>
        CreateRedemptionsResponse: MessageTypeDefinition<_modelgate_billing_v1_CreateRedemptionsResponse, _modelgate_billing_v1_CreateRedemptionsResponse__Output>
        DeleteRedemptionRequest: MessageTypeDefinition<_modelgate_billing_v1_DeleteRedemptionRequest, _modelgate_billing_v1_DeleteRedemptionRequest__Output>
        DeleteRedemptionResponse: MessageTypeDefinition<_modelgate_billing_v1_DeleteRedemptionResponse, _modelgate_billing_v1_DeleteRedemptionResponse__Output>
        GetRedemptionRequest: MessageTypeDefinition<_modelgate_billing_v1_GetRedemptionRequest, _modelgate_billing_v1_GetRedemptionRequest__Output>
        GetRedemptionResponse: MessageTypeDefinition<_modelgate_billing_v1_GetRedemptionResponse, _modelgate_billing_v1_GetRedemptionResponse__Output>
        ListRedemptionsRequest: MessageTypeDefinition<_modelgate_billing_v1_ListRedemptionsRequest, _modelgate_billing_v1_ListRedemptionsRequest__Output>
        ListRedemptionsResponse: MessageTypeDefinition<_modelgate_billing_v1_ListRedemptionsResponse, _modelgate_billing_v1_ListRedemptionsResponse__Output>
        RedeemRequest: MessageTypeDefinition<_modelgate_billing_v1_RedeemRequest, _modelgate_billing_v1_RedeemRequest__Output>
        RedeemResponse: MessageTypeDefinition<_modelgate_billing_v1_RedeemResponse, _modelgate_billing_v1_RedeemResponse__Output>
        Redemption: MessageTypeDefinition<_modelgate_billing_v1_Redemption, _modelgate_billing_v1_Redemption__Output>
        /**
         * RedemptionService manages redemption codes (`redemptions`, owned by billing) and redeems them.
         * Admin calls are authorised by edge (admin role); billing applies the product's rules. Refusals
         * are INVALID_ARGUMENT (bad input), NOT_FOUND (no such code) or FAILED_PRECONDITION (the code's
         * state forbids it), each with the message the console shows.
         */
        RedemptionService: SubtypeConstructor<typeof grpc.Client, _modelgate_billing_v1_RedemptionServiceClient> & { service: _modelgate_billing_v1_RedemptionServiceDefinition }
        SetRedemptionStatusRequest: MessageTypeDefinition<_modelgate_billing_v1_SetRedemptionStatusRequest, _modelgate_billing_v1_SetRedemptionStatusRequest__Output>
        SetRedemptionStatusResponse: MessageTypeDefinition<_modelgate_billing_v1_SetRedemptionStatusResponse, _modelgate_billing_v1_SetRedemptionStatusResponse__Output>
        UpdateRedemptionRequest: MessageTypeDefinition<_modelgate_billing_v1_UpdateRedemptionRequest, _modelgate_billing_v1_UpdateRedemptionRequest__Output>
        UpdateRedemptionResponse: MessageTypeDefinition<_modelgate_billing_v1_UpdateRedemptionResponse, _modelgate_billing_v1_UpdateRedemptionResponse__Output>
      }
    }
  }
}

