import type { IncomingMessage, ServerResponse } from 'node:http';
import { claimedUserIdOf, ConsoleAuthMessage, readCookie, SESSION_COOKIE, USER_ID_HEADER } from '@modelgate/access';
import { AuthenticationError } from '@modelgate/runtime';
import type { CredentialUser } from '../auth';
import { readRequestBody } from '../http/request-body';
import { checkBalanceBeforeBody } from '../pipeline/balance-precheck';
import type { RelayDeps } from '../pipeline/relay-deps';
import { header, relayForCaller } from '../pipeline/relay-handler';
import { parsePlaygroundRequest, resolvePlaygroundGroup } from './playground-request';
import type { PlaygroundSessions } from './session-authenticator';

/** The token name playground calls are logged under (they use no token). */
export const PLAYGROUND_TOKEN_NAME = 'playground';

/** The data plane's dependencies plus the console sessions. */
export interface PlaygroundDeps extends RelayDeps {
  readonly sessions: PlaygroundSessions;
}

/** One playground call as the route gives it. */
export interface PlaygroundCall {
  readonly requestId: string;
}

/**
 * The caller of a playground request: the console session in the `session` cookie, whose user
 * must be the one `New-Api-User` names — 401 in the reference's words otherwise, 403 for a
 * banned user. An access token or `sk-` key does not sign anyone in here.
 */
export async function authenticatePlaygroundCaller(req: IncomingMessage, sessions: PlaygroundSessions): Promise<CredentialUser> {
  const token = readCookie(header(req, 'cookie'), SESSION_COOKIE);
  if (!token) throw new AuthenticationError(ConsoleAuthMessage.notSignedIn, { code: 'not_signed_in' });
  return sessions.authenticate(token, claimedUserIdOf(req.headers[USER_ID_HEADER]));
}

/**
 * `POST /pg/chat/completions`: the console playground. The signed-in user chats through the
 * same pipeline as `/v1/chat/completions` — same validation, routing, streaming and errors — in
 * the group they chose, charged to their own balance with no token (token id 0, logged as
 * `playground`).
 */
export async function playgroundRequest(
  req: IncomingMessage,
  res: ServerResponse,
  call: PlaygroundCall,
  deps: PlaygroundDeps,
): Promise<void> {
  const startedAt = Date.now();
  const user = await authenticatePlaygroundCaller(req, deps.sessions);
  // As for token calls: no balance, no body read; the body is held against the budget (per user).
  checkBalanceBeforeBody(user, undefined);
  const charge = deps.bodyBudget.open(`user:${user.id}`);
  try {
    const body = await readRequestBody(req, deps.limits.body.chatBytes, charge);
    const { request, group: asked } = parsePlaygroundRequest(body, header(req, 'content-type'));
    const group = resolvePlaygroundGroup(user, asked, deps.options.usableGroups());
    await relayForCaller(
      req,
      res,
      { requestId: call.requestId, startedAt },
      { user, group, tokenName: PLAYGROUND_TOKEN_NAME },
      request,
      deps,
    );
  } finally {
    charge.release();
  }
}
