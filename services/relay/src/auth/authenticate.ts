import { AuthenticationError } from '@modelgate/runtime';
import type { CredentialLookup } from './credential-cache';
import {
  checkClientIp,
  checkModelAllowed,
  checkPinnedChannel,
  checkTokenUsable,
  checkUserActive,
  type CredentialToken,
  type CredentialUser,
  resolveGroup,
} from './token-checks';
import { type ExtractKeyOptions, MESSAGE_INVALID_TOKEN, type RequestHeaders, readTokenKey } from './token-key';

/** What {@link authenticateRequest} reads besides the request. */
export interface AuthenticateDeps {
  /** Tokens and users, normally the in-memory `CredentialCache`. */
  credentials: CredentialLookup;
  /** Keys of the UserUsableGroups option (the user's own group is always usable). */
  usableGroups(): ReadonlySet<string>;
  /** Keys of the GroupRatio option; when given, a token group outside it is deprecated. */
  knownGroups?(): ReadonlySet<string> | undefined;
  /** Unix seconds; defaults to the clock. */
  nowSeconds?(): number;
}

/** An authenticated relay request. */
export interface AuthenticatedRequest {
  token: CredentialToken;
  user: CredentialUser;
  /** The group the request routes and bills in (the token's group, else the user's). */
  group: string;
  /** The channel an admin pinned with `sk-KEY-CHANNELID`. */
  pinnedChannelId?: number;
}

/**
 * Authenticates a relay request, in the reference's order: key from the headers (401 `未提供令牌`
 * / `无效的令牌`), token status, expiry and quota (401), owner banned (403), channel pin by a
 * non-admin (403) or with a non-numeric id (400), client IP against the allow list (403), token
 * group (403), model limits (403). Every failure is a typed AppError with a stable `code`.
 *
 * Deliberate differences from the reference: the IP allow list also applies to requests without
 * a model (`GET /v1/models`), and model limits also apply to a pinned channel. `model` undefined
 * skips only the model check. Steady state queries nothing: the lookup is answered from memory.
 */
export async function authenticateRequest(
  headers: RequestHeaders,
  ip: string,
  model: string | undefined,
  deps: AuthenticateDeps,
  options: ExtractKeyOptions = {},
): Promise<AuthenticatedRequest> {
  const { key, pinnedChannel } = readTokenKey(headers, options);
  const credential = await deps.credentials.lookup(key);
  if (!credential) throw new AuthenticationError(MESSAGE_INVALID_TOKEN, { code: 'invalid_api_key' });
  const { token, user } = credential;
  checkTokenUsable(token, deps.nowSeconds?.() ?? Math.floor(Date.now() / 1000));
  checkUserActive(user);
  const pinnedChannelId = checkPinnedChannel(user, pinnedChannel);
  checkClientIp(token, ip);
  const group = resolveGroup(token, user, deps.usableGroups(), deps.knownGroups?.());
  checkModelAllowed(token, model);
  return pinnedChannelId === undefined ? { token, user, group } : { token, user, group, pinnedChannelId };
}
