// The console playground (`/pg`): chat for the signed-in user, authenticated by their console
// session through identity and charged to their own balance without a token.
export * from './session-authenticator';
export * from './playground-request';
export * from './playground-handler';
