import { PreconditionFailedError } from '@modelgate/runtime';
import { Router } from 'express';
import { sendOk } from '../../http/envelope';
import { requestOrigin } from '../../http/request-origin';
import type { PublicStatusCache } from '../../status/public-status-cache';

/** The reference's refusal of a second set-up. */
export const ALREADY_SET_UP = '系统已经初始化完成';

/**
 * Public information needed before sign-in: `/api/status`, and the reference's first-run
 * status `/api/setup`.
 *
 * `server_address` is the `ServerAddress` option, or, while that is empty (as a new
 * installation seeds it), the origin this request reached: the console's home page, chat links
 * and callback addresses then show the address the browser really uses, whatever the port.
 *
 * Set-up: Modelgate creates the root account when it first starts on an empty database (ADR
 * 0006), so every running installation is set up. `GET /api/setup` says so in the reference's
 * shape and `POST /api/setup` answers the reference's refusal of a second set-up; `setup` in the
 * status is always true, so clients written for the reference never open their set-up wizard.
 */
export function createStatusRoutes(statusCache: PublicStatusCache): Router {
  const router = Router();
  router.get('/status', async (req, res) => {
    const status = await statusCache.get();
    const configured = typeof status.server_address === 'string' ? status.server_address.trim() : '';
    sendOk(res, { ...status, server_address: configured || requestOrigin(req), setup: true });
  });
  router.get('/setup', (_req, res) => {
    sendOk(res, { status: true, root_init: true, database_type: '' });
  });
  router.post('/setup', () => {
    throw new PreconditionFailedError(ALREADY_SET_UP, { code: 'already_set_up' });
  });
  return router;
}
