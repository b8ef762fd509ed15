import { Router } from 'express';
import { sendOk } from '../http/envelope';
import type { PublicStatusCache } from '../status/public-status-cache';

/** Public information needed before sign-in. */
export function createStatusRoutes(statusCache: PublicStatusCache): Router {
  const router = Router();
  router.get('/status', async (_req, res) => {
    sendOk(res, await statusCache.get());
  });
  return router;
}
