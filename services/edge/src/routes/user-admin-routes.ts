import { ValidationError } from '@modelgate/runtime';
import { Router } from 'express';
import type { ApiDeps } from '../api-deps';
import { sendOk } from '../http/envelope';

/** User management by admins (`/api/user/...`). */
export function createUserAdminRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { clients, guards } = deps;

  router.get('/user/:id', guards.admin, async (req, res) => {
    const id = Number(req.params.id);
    if (!Number.isSafeInteger(id) || id <= 0) throw new ValidationError('invalid user id');
    const { user } = await clients.userAdmin.call('GetUser', { user_id: id });
    sendOk(res, user);
  });

  return router;
}
