import { UserRole } from '@modelgate/db';
import { PermissionDeniedError } from '@modelgate/runtime';
import { Router } from 'express';
import type { ApiDeps } from '../../api-deps';
import { authOf } from '../../auth/authenticate';
import { bodyOf, parseInput } from '../../http/body-input';
import { sendOk } from '../../http/envelope';
import { numericIdOnly } from '../../http/path-id';
import {
  batchBody,
  batchTagBody,
  channelBody,
  channelFieldsOf,
  editTagBody,
  fetchModelsBody,
  listQueryOf,
  searchQueryOf,
  tagBody,
  tagEditOf,
  updateChannelBody,
  wantsKey,
} from './input';
import { channelJson, listEntryJson } from './json';

const KEY_FOR_ROOT_ONLY = '只有超级管理员可以查看渠道密钥';

/**
 * Channel administration (`/api/channel/...`, and `GET /api/models` for the channel editor).
 * The console shows the channel menu to the super admin, but the API admits admins, as the
 * reference does; a channel's key is returned only to the super admin asking for it explicitly
 * (`GET /api/channel/:id?with_key=true`). Relay does the work through `@modelgate/channels`.
 */
export function createChannelRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { clients, guards } = deps;
  const admin = clients.channelAdmin;

  router.get('/channel/', guards.admin, async (req, res) => {
    const { entries } = await admin.call('ListChannels', listQueryOf(req));
    sendOk(res, entries.map(listEntryJson));
  });

  router.get('/channel/search', guards.admin, async (req, res) => {
    const { entries } = await admin.call('ListChannels', { ...listQueryOf(req), ...searchQueryOf(req) });
    sendOk(res, entries.map(listEntryJson));
  });

  router.get('/channel/models', guards.admin, async (_req, res) => {
    const { models } = await admin.call('ListModels', {});
    sendOk(res, models.map((id) => ({ id })));
  });

  router.get('/channel/models_enabled', guards.admin, async (_req, res) => {
    const { models } = await clients.relay.call('ListEnabledModels', { group: '' });
    sendOk(res, models);
  });

  router.get('/channel/fetch_models/:id', numericIdOnly, guards.admin, async (req, res) => {
    const { models } = await admin.call('FetchUpstreamModels', { channel_id: Number(req.params.id) }, { deadlineMs: 15_000 });
    sendOk(res, models);
  });

  router.post('/channel/fetch_models', guards.admin, async (req, res) => {
    const body = parseInput(fetchModelsBody, bodyOf(req));
    const { models } = await admin.call(
      'FetchUpstreamModels',
      { base_url: body.base_url ?? '', type: body.type ?? 0, key: body.key ?? '' },
      { deadlineMs: 15_000 },
    );
    sendOk(res, models);
  });

  router.post('/channel/', guards.admin, async (req, res) => {
    const body = parseInput(channelBody, bodyOf(req));
    const { channels } = await admin.call('CreateChannels', { fields: channelFieldsOf(body) });
    sendOk(res, channels.map(channelJson));
  });

  router.put('/channel/', guards.admin, async (req, res) => {
    const body = parseInput(updateChannelBody, bodyOf(req));
    // The role decides whether the edit may retarget the channel (base URL, type) and keep its key.
    const edit = { channel_id: body.id, fields: channelFieldsOf(body), caller_role: authOf(res).user.role };
    const { channel } = await admin.call('UpdateChannel', edit);
    sendOk(res, channelJson(channel!));
  });

  router.put('/channel/tag', guards.admin, async (req, res) => {
    const body = parseInput(editTagBody, bodyOf(req));
    const { updated } = await admin.call('EditTag', tagEditOf(body));
    sendOk(res, updated);
  });

  for (const [path, enabled] of [['/channel/tag/enabled', true], ['/channel/tag/disabled', false]] as const) {
    router.post(path, guards.admin, async (req, res) => {
      const body = parseInput(tagBody, bodyOf(req));
      const { updated } = await admin.call('SetTagStatus', { tag: body.tag ?? '', enabled });
      sendOk(res, updated);
    });
  }

  router.post('/channel/batch', guards.admin, async (req, res) => {
    const body = parseInput(batchBody, bodyOf(req));
    const { deleted } = await admin.call('DeleteChannels', { channel_ids: body.ids ?? [] });
    sendOk(res, deleted);
  });

  router.post('/channel/batch/tag', guards.admin, async (req, res) => {
    const body = parseInput(batchTagBody, bodyOf(req));
    const { updated } = await admin.call('TagChannels', { channel_ids: body.ids ?? [], tag: body.tag ?? '' });
    sendOk(res, updated);
  });

  router.post('/channel/fix', guards.admin, async (_req, res) => {
    const { channels } = await admin.call('FixAbilities', {}, { deadlineMs: 30_000 });
    sendOk(res, channels);
  });

  router.delete('/channel/disabled', guards.admin, async (_req, res) => {
    const { deleted } = await admin.call('DeleteDisabledChannels', {});
    sendOk(res, deleted);
  });

  router.get('/channel/:id', numericIdOnly, guards.admin, async (req, res) => {
    const includeKey = wantsKey(req);
    if (includeKey && authOf(res).user.role < UserRole.Root) {
      throw new PermissionDeniedError(KEY_FOR_ROOT_ONLY, { code: 'key_for_root_only' });
    }
    const { channel } = await admin.call('GetChannel', { channel_id: Number(req.params.id), include_key: includeKey });
    sendOk(res, channelJson(channel!));
  });

  router.delete('/channel/:id', numericIdOnly, guards.admin, async (req, res) => {
    await admin.call('DeleteChannel', { channel_id: Number(req.params.id) });
    sendOk(res, null);
  });

  router.get('/models', guards.user, async (_req, res) => {
    const { types } = await admin.call('ListDefaultModels', {});
    sendOk(res, Object.fromEntries(types.map((type) => [type.type, type.models])));
  });

  return router;
}
