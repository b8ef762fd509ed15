import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { type AuthenticatedRequest, authenticateRequest } from '../auth';
import { clientIp } from '../http/client-ip';
import type { RelayDeps } from './relay-deps';

/**
 * Authenticates a relay call from its headers (or the ones its protocol's codec derived from them:
 * a Google key header presented as `Authorization`) and client address against the in-memory
 * credentials and the current group options; every relay entry point goes through here.
 */
export function authenticateCall(
  req: IncomingMessage,
  path: string,
  deps: RelayDeps,
  headers: IncomingHttpHeaders = req.headers,
): Promise<AuthenticatedRequest> {
  return authenticateRequest(
    headers,
    (deps.clientIp ?? clientIp)(req),
    undefined,
    { credentials: deps.credentials, usableGroups: () => deps.options.usableGroups(), knownGroups: () => deps.options.knownGroups() },
    { path },
  );
}
