// Typed loader for the test-only echo.proto, written by hand in the shape proto-loader-gen-types
// produces, so the generic helpers are tested the way services use them.
import { loadPackageDefinition, type ServiceDefinition } from '@grpc/grpc-js';
import { loadSync, type Long, type MethodDefinition } from '@grpc/proto-loader';
import type { GrpcClientConstructor } from '../client';

export interface EchoRequest {
  message?: string;
  count?: number | string | Long;
}
export interface EchoRequest__Output {
  message: string;
  count: string;
}
export interface EchoResponse {
  message?: string;
  count?: number | string | Long;
  request_id?: string;
  trace_id?: string;
}
export interface EchoResponse__Output {
  message: string;
  count: string;
  request_id: string;
  trace_id: string;
}

export interface EchoServiceDefinition extends ServiceDefinition {
  Echo: MethodDefinition<EchoRequest, EchoResponse, EchoRequest__Output, EchoResponse__Output>;
}
export interface StreamServiceDefinition extends ServiceDefinition {
  Watch: MethodDefinition<EchoRequest, EchoResponse, EchoRequest__Output, EchoResponse__Output>;
}

interface EchoProto {
  modelgate: {
    testing: {
      v1: {
        EchoService: GrpcClientConstructor<EchoServiceDefinition>;
        StreamService: GrpcClientConstructor<StreamServiceDefinition>;
      };
    };
  };
}

const proto = loadPackageDefinition(
  loadSync('echo.proto', {
    keepCase: true,
    longs: String,
    enums: String,
    defaults: true,
    oneofs: true,
    includeDirs: [__dirname],
  }),
) as unknown as EchoProto;

/** The generated-style client class of EchoService. */
export const EchoClient = proto.modelgate.testing.v1.EchoService;
/** The typed definition of EchoService, for servers. */
export const echoDefinition = EchoClient.service;
/** The typed definition of the streaming StreamService. */
export const streamDefinition = proto.modelgate.testing.v1.StreamService.service;
