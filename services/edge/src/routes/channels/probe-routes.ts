import { channelTestQuery } from '@modelgate/contracts/api';
import { ValidationError } from '@modelgate/runtime';
import { type Request, Router } from 'express';
import type { ApiDeps } from '../../api-deps';
import { sendOk, sendOkWith, sendOutcome } from '../../http/envelope';
import { positiveIdParam } from '../../http/path-id';
import { parseQuery } from '../../http/query-input';

/**
 * gRPC deadlines of the probe calls: each waits for real provider calls (relay bounds a test at
 * 60 s and a balance call at 15 s), and an update of every balance waits for all of them.
 */
const TEST_DEADLINE_MS = 75_000;
const BALANCE_DEADLINE_MS = 45_000;
const ALL_BALANCES_DEADLINE_MS = 600_000;

const invalidModel = () => new ValidationError('invalid model', { code: 'invalid_model' });

/** The `:id` of a probe route: a positive integer of a channel's id range. */
function channelIdOf(req: Request): number {
  return positiveIdParam(req, 'invalid channel id', 'invalid_channel_id');
}

/** `?model=`: absent means the channel's own choice; anything but one short string is refused. */
function testModelOf(req: Request): string {
  return parseQuery(channelTestQuery, req, invalidModel).model;
}

/**
 * Channel tests and balance queries (`/api/channel/test…`, `/api/channel/update_balance…`), for
 * admins. Relay makes the provider calls and records the results. The two single-channel routes
 * answer in the reference's shape, with the result beside the envelope fields: `time` (seconds)
 * for a test, also when it failed, and `balance` for a balance update.
 */
export function createChannelProbeRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { clients, guards } = deps;

  // Every channel, in the background: answers at once with the number of channels to test.
  router.get('/channel/test', guards.admin, async (_req, res) => {
    const started = await clients.channelProbe.call('TestAllChannels', {});
    sendOk(res, { channels: started.channels });
  });

  router.get('/channel/test/:id', guards.admin, async (req, res) => {
    const request = { channel_id: channelIdOf(req), model: testModelOf(req) };
    const result = await clients.channelProbe.call('TestChannel', request, { deadlineMs: TEST_DEADLINE_MS });
    const data = result.success ? { model: result.model, response_time: result.response_time_ms } : undefined;
    sendOutcome(res, { success: result.success, message: result.message, data }, { time: result.time });
  });

  // Every enabled channel whose provider has a balance API, a few at a time; answers when done.
  router.get('/channel/update_balance', guards.admin, async (_req, res) => {
    const sweep = await clients.channelProbe.call('UpdateAllBalances', {}, { deadlineMs: ALL_BALANCES_DEADLINE_MS });
    sendOk(res, sweep);
  });

  router.get('/channel/update_balance/:id', guards.admin, async (req, res) => {
    const request = { channel_id: channelIdOf(req) };
    const read = await clients.channelProbe.call('UpdateBalance', request, { deadlineMs: BALANCE_DEADLINE_MS });
    const updatedAt = Number(read.balance_updated_time);
    sendOkWith(res, { balance: read.balance, balance_updated_time: updatedAt }, { balance: read.balance });
  });

  return router;
}
