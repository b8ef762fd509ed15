import type { OptionKeyOf } from '@modelgate/db';
import { Router } from 'express';
import type { ApiDeps } from '../../api-deps';
import { sendOk } from '../../http/envelope';
import type { EdgeOptionReader } from '../../options/edge-options';
import { groupRatios, usableGroups } from '../../options/option-groups';

export interface PublicInfoDeps {
  guards: ApiDeps['guards'];
  /** Edge's in-memory options, kept current by `option.changed` events. */
  options: EdgeOptionReader;
}

/** Option texts anybody may read, each served as the envelope's `data`. */
const PUBLIC_TEXTS: ReadonlyArray<[path: string, key: OptionKeyOf<string>]> = [
  ['/notice', 'Notice'],
  ['/about', 'About'],
  ['/home_page_content', 'HomePageContent'],
];

/**
 * Information the console shows around sign-in, read from edge's copy of the options without a
 * call to identity: the notice, the about and home page texts, the groups users may choose
 * (public) and every group name (admins, for the channel editor).
 */
export function createPublicInfoRoutes(deps: PublicInfoDeps): Router {
  const router = Router();
  const { options, guards } = deps;

  for (const [path, key] of PUBLIC_TEXTS) {
    router.get(path, (_req, res) => sendOk(res, options.value(key)));
  }

  router.get('/user/groups', (_req, res) => sendOk(res, usableGroups(options)));

  router.get('/group/', guards.admin, (_req, res) => sendOk(res, [...groupRatios(options).keys()]));

  return router;
}
