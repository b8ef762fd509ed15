import type { Request } from 'express';

/**
 * The origin the client reached this server at: scheme and host as Express reads them, which
 * believes `X-Forwarded-Proto` and `X-Forwarded-Host` only from the proxies TRUSTED_PROXIES names
 * (`trust proxy`), like every other address edge reads. The `Host` itself is the client's to
 * choose: use it only for what goes back to that same client (its status, its own OAuth
 * callback), never for links sent to someone else.
 */
export function requestOrigin(req: Request): string {
  return `${req.protocol}://${req.host}`;
}
