export * from './backend-deps';
export * from './connect';
export * from './run-backend-service';
