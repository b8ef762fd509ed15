export * from './backoff';
export * from './shutdown';
