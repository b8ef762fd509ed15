/**
 * `@modelgate/access`: who may do what. The console session rules every service applies the same
 * way (the session cookie, the claimed user id header, an enabled account) and the scope of a
 * listing by the caller's role, and when a token can be used (its expiry and its budget).
 */
export { callerScopeOf, type CallerScope, INSUFFICIENT_ROLE, type ListingCaller } from './caller-scope';
export {
  checkClaimedUser,
  checkUserEnabled,
  claimedUserIdOf,
  ConsoleAuthMessage,
  isSessionToken,
  readCookie,
  SESSION_COOKIE,
  sessionIdOf,
  USER_ID_HEADER,
} from './console-session';
export { hasTokenExpired, isTokenExhausted, shownTokenStatus, type TokenStanding } from './token-standing';
