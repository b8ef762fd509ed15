import { Router } from 'express';
import type { ApiDeps } from '../api-deps';
import { sendOk } from '../http/envelope';
import { createLogCleanupRoutes } from './options/log-cleanup-routes';
import { checkOptionUpdate, isSecretOption, parseOptionUpdate } from './options/option-request';

/** The reference's message after the model ratios were reset. */
export const MODEL_RATIO_RESET = '重置模型倍率成功';

/**
 * System settings for the root user (`/api/option/...`) and the log clean-up of the settings
 * page. A change is checked against the option registry's rule here; identity owns the options:
 * it validates the whole batch again and announces it to every replica.
 */
export function createOptionRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { clients, guards } = deps;

  /** Every option as `{key, value}`, secrets left out. */
  router.get('/option/', guards.root, async (_req, res) => {
    const { options } = await clients.identity.call('ListOptions', {});
    sendOk(
      res,
      options.filter((option) => !isSecretOption(option.key)),
    );
  });

  /** One option; the settings page sends one request per changed key. */
  router.put('/option/', guards.root, async (req, res) => {
    const option = checkOptionUpdate(parseOptionUpdate(req.body));
    await clients.identity.call('UpdateOptions', { options: [option] });
    sendOk(res, undefined);
  });

  /** ModelRatio back to the built-in table. */
  router.post('/option/rest_model_ratio', guards.root, async (_req, res) => {
    await clients.identity.call('ResetModelRatio', {});
    sendOk(res, undefined, MODEL_RATIO_RESET);
  });

  router.use(createLogCleanupRoutes(deps));

  return router;
}
