export * from './config';
export * from './embedded-stack';
export * from './front-listener';
