import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { User as _modelgate_identity_v1_User, User__Output as _modelgate_identity_v1_User__Output } from './modelgate/identity/v1/User';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  modelgate: {
    identity: {
      v1: {
        User: MessageTypeDefinition<_modelgate_identity_v1_User, _modelgate_identity_v1_User__Output>
      }
    }
  }
}

