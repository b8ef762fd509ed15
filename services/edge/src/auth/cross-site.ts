import { PermissionDeniedError } from '@modelgate/runtime';
import type { RequestHandler } from 'express';
import { AuthMessage } from './auth-messages';

/**
 * The `Sec-Fetch-Site` values of a request a person made on purpose: one the console sent to
 * its own origin (`same-origin`), or a navigation the user started themselves, by typing the
 * address or opening a bookmark (`none`). Anything else was started by another site
 * (`cross-site`) or by another origin of the same site (`same-site`: another port or a sibling
 * subdomain, which the session cookie's SameSite attribute does not tell apart).
 */
const OWN_INTENT = new Set(['same-origin', 'none']);

/**
 * Refuses a state-changing GET (sign-out, third-party sign-in and binding) that another site or
 * origin made the browser send: a link, an image, a form or a script on someone else's page.
 * Browsers name the initiator in `Sec-Fetch-Site` (Fetch Metadata), which a page cannot forge;
 * clients that are not browsers send none and pass, as do browsers too old to send it (the
 * session cookie is SameSite=Strict for those). Refused before any limit is counted, so another
 * site cannot spend the visitor's sign-in allowance either.
 */
export const refuseCrossSite: RequestHandler = (req, _res, next) => {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && !OWN_INTENT.has(String(site).trim().toLowerCase())) {
    throw new PermissionDeniedError(AuthMessage.crossSiteRefused, { code: 'cross_site_request' });
  }
  next();
};
