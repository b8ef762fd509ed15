export * from './load-config';
export * from './schemas';
export * from './common-config';
