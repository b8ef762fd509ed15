import { randomBytes } from 'node:crypto';
import { type FakeUpstream, startFakeUpstream } from '@modelgate/fake-upstream';
import type { ApiClient } from '../support/api-client';
import { type ApiStack, startApiStack } from '../support/api-stack';
import { type ChannelSeed, seedChannel, seedUser } from '../support/relay-fixtures';

/** The whole product, a fake provider, and the callers of the channel probe routes. */
export interface ProbeHarness {
  api: ApiStack;
  fake: FakeUpstream;
  /** Signed in as an admin (role 10): the lowest role the routes allow. */
  admin: ApiClient;
  /** Signed in as a common user. */
  common: ApiClient;
  /** Seeds a channel on the fake provider (its own random key unless given); returns id and key. */
  channel(seed: Partial<ChannelSeed> & { models?: string[] }): Promise<{ id: number; key: string }>;
  /** The stored channel row. */
  row(id: number): Promise<Record<string, any>>;
  /** Requests the fake received with a key. */
  requestsOf(key: string): FakeUpstream['requests'];
  stop(): Promise<void>;
}

/** Every route of the feature, for the authorisation matrix. */
export const PROBE_ROUTES = ['/api/channel/test', '/api/channel/test/1', '/api/channel/update_balance', '/api/channel/update_balance/1/'];

/** Starts the stack (no `/api` rate limit) and the fake provider, and signs in an admin and a user. */
export async function startProbeHarness(): Promise<ProbeHarness> {
  const [api, fake] = await Promise.all([
    startApiStack({ GLOBAL_API_RATE_LIMIT_ENABLE: 'false' }),
    startFakeUpstream({ maxRecorded: 100_000 }),
  ]);
  const admin = await api.signedInAs(await seedUser(api.query, 0, 'default', 10));
  const common = await api.signedInAs(await seedUser(api.query, 0, 'default', 1));
  return {
    api,
    fake,
    admin,
    common,
    async channel(seed) {
      const key = seed.key ?? `sk-probe-${randomBytes(4).toString('hex')}`;
      const id = await seedChannel(api.query, { baseUrl: fake.url, models: ['gpt-4o-mini'], ...seed, key }, api.stack.bus);
      return { id, key };
    },
    async row(id) {
      return (await api.query('SELECT * FROM channels WHERE id = $1', [id]))[0];
    },
    requestsOf: (key) => fake.requests.filter((request) => request.apiKey === key),
    async stop() {
      await fake.close();
      await api.stop();
    },
  };
}
