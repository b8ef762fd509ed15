/** Upstream adapters, one per channel wire schema, chosen through one registry. */
export * from './registry';
export * from './types';
