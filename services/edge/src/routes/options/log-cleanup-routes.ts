import { logCleanupQuery } from '@modelgate/contracts/api';
import { ValidationError } from '@modelgate/runtime';
import { Router } from 'express';
import type { ApiDeps } from '../../api-deps';
import { sendOk } from '../../http/envelope';
import { parseQuery } from '../../http/query-input';

/** Spec §5 "Settings": clearing logs needs a date. */
export const LOG_TIME_REQUIRED = 'please choose log time';

/** Deadline of a clean-up: deleting millions of rows in batches takes longer than a lookup. */
const CLEANUP_DEADLINE_MS = 120_000;

/**
 * `DELETE /api/log/?target_timestamp=<unix seconds>` (admins, as in the reference): deletes the
 * log rows older than the timestamp through billing, which owns the logs; `data` is the count.
 */
export function createLogCleanupRoutes(deps: Pick<ApiDeps, 'clients' | 'guards'>): Router {
  const router = Router();
  router.delete('/log/', deps.guards.admin, async (req, res) => {
    const { target_timestamp: timestamp } = parseQuery(logCleanupQuery, req);
    if (timestamp <= 0) throw new ValidationError(LOG_TIME_REQUIRED, { code: 'log_time_required' });
    const { deleted } = await deps.clients.billing.call(
      'DeleteLogsBefore',
      { target_timestamp: timestamp },
      { deadlineMs: CLEANUP_DEADLINE_MS },
    );
    sendOk(res, Number(deleted));
  });
  return router;
}
