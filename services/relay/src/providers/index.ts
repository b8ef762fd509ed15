/** Provider catalogue and adapters, chosen by wire schema through one registry. */
export * from './channel-types';
export * from './registry';
export * from './types';
export * from './upstream-error';
