export * from './backend-deps';
export * from './connect';
export * from './run-backend-service';
export * from './process-metrics';
