// Token authentication for the relay: key parsing, the reference's checks, the in-memory
// credential cache refreshed by change events, and the function tying them together.
export * from './token-key';
export * from './token-checks';
export * from './credential-cache';
export * from './authenticate';
