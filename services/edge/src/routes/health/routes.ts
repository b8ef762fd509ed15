import { Router } from 'express';

/** Reports whether each dependency the edge needs is reachable right now. */
export type ReadinessProbe = () => Promise<Record<string, boolean>>;

/**
 * `/healthz`: the process is alive (always 200 while it can answer). `/readyz`: every dependency
 * is reachable; 503 with the failing ones otherwise, so Kubernetes stops routing to this replica.
 */
export function createHealthRoutes(readiness: ReadinessProbe): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const checks = await readiness();
    const ready = Object.values(checks).every(Boolean);
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', checks });
  });
  return router;
}
