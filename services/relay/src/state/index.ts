// The relay's in-memory state: options and channels loaded at start and kept current by change
// events, so a request reads neither table; and the writer that disables a failing channel.
export * from './relay-options';
export * from './channel-store';
export * from './channel-disabler';
