import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OUTBOUND_REFUSED_MESSAGE } from '@modelgate/runtime/outbound';
import { TEST_OUTBOUND_ALLOWED_RANGES } from '../support/relay-fixtures';
import { type RelayStack, startRelayStack } from '../support/relay-stack';
import { type ChannelCallers, channelCallers, createChannels, expectRefused } from './channels-fixtures';

// Security issue item 5: an admin (role 10) must not be able to read a root-only channel key by
// pointing the channel at a server of their own, nor use the gateway to reach internal addresses
// (model listing, channel tests, balances and relayed requests) or read their error texts.

jest.setTimeout(90_000);

/** The text fetch_models answers for an address the outbound policy refuses. */
const LISTING_REFUSED =
  '获取模型列表失败：上游地址不被允许：本机、内网、链路本地和云元数据地址默认禁止访问（超级管理员可在设置 OutboundAllowedRanges 中放行）';

/** A server standing for the admin's own machine: it records every request and its headers. */
async function startCollector(): Promise<{ url: string; received: IncomingMessage['headers'][]; server: Server }> {
  const received: IncomingMessage['headers'][] = [];
  const server = createServer((req, res) => {
    received.push(req.headers);
    req.resume();
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"object":"list","data":[{"id":"stolen"}]}');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, server };
}

describe('channel keys and the outbound address policy', () => {
  let stack: RelayStack;
  let who: ChannelCallers;
  let collector: Awaited<ReturnType<typeof startCollector>>;

  beforeAll(async () => {
    stack = await startRelayStack({ GLOBAL_API_RATE_LIMIT_ENABLE: 'false' });
    who = await channelCallers(stack.api);
    collector = await startCollector();
  });
  afterAll(async () => {
    collector?.server.close();
    await stack?.stop();
  });

  const stored = async (id: number) => (await stack.api.query(`SELECT key, base_url, type FROM channels WHERE id = $1`, [id]))[0];

  describe('a channel retargeted by an admin', () => {
    it('needs a new key: the root-only key is never sent to the admin’s server', async () => {
      const [channel] = await createChannels(who.root, { name: 'root channel', key: 'sk-root-only', models: 'gpt-4o-mini', base_url: stack.fake.url });
      const id = channel!.id as number;
      const message = '修改渠道的 API 地址或类型时必须重新填写渠道密钥（只有超级管理员可以保留原密钥）';

      // The console sends the whole channel it loaded: with a new address and no key, refused.
      const loaded = (await who.admin.get(`/api/channel/${id}`)).body.data;
      expectRefused(await who.admin.put('/api/channel/', { ...loaded, key: '', base_url: collector.url }), message);
      expectRefused(await who.admin.put('/api/channel/', { id, base_url: `${collector.url}/v1` }), message);
      expectRefused(await who.admin.put('/api/channel/', { id, type: 14 }), message);
      expect(await stored(id)).toMatchObject({ key: 'sk-root-only', base_url: stack.fake.url, type: 1 });

      // Testing the channel and listing its models still reach the real upstream only.
      expect((await who.admin.get(`/api/channel/test/${id}`)).body.success).toBe(true);
      expect((await who.admin.get(`/api/channel/fetch_models/${id}`)).body.success).toBe(true);
      expect(collector.received).toEqual([]);
      expect(stack.fake.requests.filter((request) => request.apiKey === 'sk-root-only')).toHaveLength(2);

      // With a key of their own the admin may point it anywhere allowed: the root's key is gone.
      const retargeted = await who.admin.put('/api/channel/', { id, base_url: collector.url, key: 'sk-admins-own' });
      expect(retargeted.body.success).toBe(true);
      expect(await stored(id)).toMatchObject({ key: 'sk-admins-own', base_url: collector.url });
      await who.admin.get(`/api/channel/fetch_models/${id}`);
      expect(collector.received.map((headers) => headers.authorization)).toEqual(['Bearer sk-admins-own']);

      // A root may move a channel and keep its key.
      const moved = await who.root.put('/api/channel/', { id, base_url: stack.fake.url });
      expect(moved.body.success).toBe(true);
      expect(await stored(id)).toMatchObject({ key: 'sk-admins-own', base_url: stack.fake.url });
    });
  });

  describe('with the installation default (no private address allowed)', () => {
    beforeAll(async () => {
      await stack.setOptions({ OutboundAllowedRanges: '' });
    });
    afterAll(async () => {
      await stack.setOptions({ OutboundAllowedRanges: TEST_OUTBOUND_ALLOWED_RANGES });
    });

    it('refuses model listing on loopback, private and metadata addresses, open port or not, with one generic text', async () => {
      const before = stack.fake.requests.length;
      const closed = createServer();
      closed.listen(0, '127.0.0.1');
      await once(closed, 'listening');
      const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
      closed.close();
      for (const base_url of [stack.fake.url, closedUrl, stack.fake.url.replace('127.0.0.1', 'localhost'), 'http://169.254.169.254', 'http://10.255.0.1:6379', 'http://[::1]:22']) {
        expectRefused(await who.admin.post('/api/channel/fetch_models', { base_url, type: 1, key: 'sk-probe' }), LISTING_REFUSED);
      }
      expect(stack.fake.requests.length).toBe(before);
    });

    it('refuses channel tests, balance queries and relayed requests to such a channel without calling it', async () => {
      const key = 'sk-internal-channel';
      const id = await stack.seedChannel({ baseUrl: stack.fake.url, key, models: ['gpt-4o-mini'] });
      const test = await who.admin.get(`/api/channel/test/${id}`);
      expect(test.body).toMatchObject({ success: false, message: OUTBOUND_REFUSED_MESSAGE });
      const balance = await who.admin.get(`/api/channel/update_balance/${id}/`);
      expect(balance.body).toMatchObject({ success: false, message: `balance query failed: ${OUTBOUND_REFUSED_MESSAGE}` });

      const { apiKey } = await stack.userWithToken(10_000_000);
      await stack.waitForModels(apiKey, ['gpt-4o-mini']);
      const error = await stack.chatError(apiKey, 'gpt-4o-mini');
      expect(error.status).toBe(502);
      // The API client learns nothing of the channel's address or the policy.
      expect(error.message).toMatch(/failed to reach the upstream provider/);
      expect(error.message).not.toMatch(/127\.0\.0\.1|refused|OutboundAllowedRanges/);
      expect(stack.fake.requests.filter((request) => request.apiKey === key)).toEqual([]);

      // The root allows the address: the same channel works.
      await stack.setOptions({ OutboundAllowedRanges: '127.0.0.1' });
      expect((await who.admin.get(`/api/channel/test/${id}`)).body.success).toBe(true);
      await stack.setOptions({ OutboundAllowedRanges: '' });
    });

    it('is a root setting: an admin cannot change it', async () => {
      const res = await who.admin.put('/api/option/', { key: 'OutboundAllowedRanges', value: '0.0.0.0/0' });
      expect(res.body.success).toBe(false);
      expect((await stack.api.query(`SELECT value FROM options WHERE key = 'OutboundAllowedRanges'`))[0].value).toBe('');
      const bad = await who.root.put('/api/option/', { key: 'OutboundAllowedRanges', value: 'intranet.local' });
      expect(bad.body).toMatchObject({ success: false });
      expect(bad.body.message).toMatch(/OutboundAllowedRanges 只能填写 IP 地址或 CIDR 网段/);
    });
  });
});
