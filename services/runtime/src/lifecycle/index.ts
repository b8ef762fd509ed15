export * from './backoff';
export * from './shutdown';
export * from './readiness';
