// gRPC between Modelgate services: typed async servers and promise-based clients with request-id
// and trace propagation, deadlines, one error mapping, grpc.health.v1, service authentication
// (a shared secret checked on every call) and graceful shutdown.
// Generic: the service definitions come from `@modelgate/contracts` (or any generated protos).
export * from './types';
export * from './status-mapping';
export * from './channel-options';
export { bindGrpcService, createGrpcServer } from './server';
export type { GrpcServer, GrpcServerOptions, GrpcServiceBinding } from './server';
export { createGrpcClient, DEFAULT_DEADLINE_MS } from './client';
export type { GrpcCallOptions, GrpcClient, GrpcClientConstructor, GrpcClientOptions } from './client';
export { contextPropagationInterceptor } from './client-interceptor';
export { checkHealth } from './health';
export {
  assertServiceSecret,
  generateServiceSecret,
  MIN_SERVICE_SECRET_LENGTH,
  SERVICE_AUTH_INVALID,
  SERVICE_AUTH_METADATA_KEY,
  SERVICE_AUTH_MISSING,
  serviceSecretProblem,
  SERVICES_WITHOUT_AUTH,
} from './service-auth';
export type { CheckHealthOptions, GrpcHealth, HealthCheckStatus, ServingStatus } from './health';
