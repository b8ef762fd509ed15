export * from './errors';
export * from './config';
export * from './context/request-context';
export * from './logging/logger';
export * from './lifecycle';
export * from './telemetry/propagation';
export * from './bus';
export * from './grpc';
