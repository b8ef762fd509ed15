// @modelgate/contracts: the gRPC contracts between Modelgate services, loaded from the repository's
// `proto/` directory with one set of pinned options, and typed by the generated `src/generated/`
// (regenerate with `npm run proto:gen`). A service serves a contract's `definition` and calls
// another through its `Client`, usually via the helpers in `@modelgate/runtime`.
export { serviceContract } from './contract';
export type { ContractClientConstructor, ServiceContract } from './contract';
export { LOADER_OPTIONS, loadProto, PROTO_ROOT } from './load';
export * from './identity';
export * from './billing';
export * from './relay';
export * from './channel-probe';
export * from './task';
export * from './account';
export * from './token';
export * from './usage-query';
export * from './wallet';
export * from './channel-admin';
export * from './api-bounds';
export * from './log-other';
