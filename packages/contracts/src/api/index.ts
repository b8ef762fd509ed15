/**
 * `@modelgate/contracts/api`: the request and response shapes of `/api` (spec §7), declared once
 * as zod schemas with their inferred types, one file per resource: bodies, query strings (built
 * from `./query`, which reads parameters as Express hands them over) and answers. Edge validates
 * requests with the schemas and types its answers with them; the console imports the types only
 * (`import type`, enforced by lint), so no schema reaches the browser bundle.
 */
export * from './envelope';
export * from './channel';
export * from './token';
export * from './user';
export * from './log';
export * from './task';
export * from './status';
export * from './redemption';
export * from './option';
export * from './account';
export * from './query';
export * from './user-admin';
export * from './wallet';
export * from './pricing';
export * from './oauth';
