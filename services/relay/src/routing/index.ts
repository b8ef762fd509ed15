/** Channel routing: the in-memory snapshot, selection, retry and auto-disable rules, mappings. */
export * from './channel-snapshot';
export * from './select-channel';
export * from './retry-policy';
export * from './model-mapping';
export * from './status-code-mapping';
