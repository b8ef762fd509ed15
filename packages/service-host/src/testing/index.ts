export * from './backend-harness';
