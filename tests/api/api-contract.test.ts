import {
  adminUserJson,
  type ApiEnvelope,
  authUserJson,
  channelJson,
  drawingTaskJson,
  envelopeOf,
  logJson,
  loginJson,
  logStatJson,
  manageUserJson,
  oauthStateJson,
  optionJson,
  pageOf,
  paymentFormEnvelope,
  pricingEnvelope,
  redeemJson,
  quotaDataJson,
  redemptionJson,
  selfUserJson,
  statusJson,
  channelTestAllJson,
  channelTestEnvelope,
  tagGroupJson,
  taskJson,
  tokenJson,
  topUpQuoteJson,
} from '@modelgate/contracts/api';
import { type FakeUpstream, startFakeUpstream } from '@modelgate/fake-upstream';
import { z } from 'zod';
import type { ApiClient, ApiResponse } from '../support/api-client';
import { type ApiStack, startApiStack } from '../support/api-stack';
import { eventually, seedUser } from '../support/relay-fixtures';
import { insertDrawingTasks, insertTasks } from './tasks-fixtures';

jest.setTimeout(120_000);

/**
 * Whatever a real stack answers parses with the `/api` contract's response schemas
 * (`@modelgate/contracts/api`), and every object the contract declares carries no field it does
 * not declare: the console's types are these schemas' types, so a field the server adds, drops
 * or retypes fails here instead of in the browser.
 */

/** `schema` with every object, nested ones included, refusing undeclared fields. */
function exact(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) {
    const shape: Record<string, z.ZodType> = {};
    for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) shape[name] = exact(field);
    return z.strictObject(shape);
  }
  if (schema instanceof z.ZodArray) return z.array(exact(schema.element as z.ZodType));
  if (schema instanceof z.ZodOptional) return exact(schema.unwrap() as z.ZodType).optional();
  if (schema instanceof z.ZodNullable) return exact(schema.unwrap() as z.ZodType).nullable();
  if (schema instanceof z.ZodUnion) return z.union((schema.options as z.ZodType[]).map(exact) as [z.ZodType, z.ZodType]);
  return schema;
}

/** The answer is a successful envelope whose `data` parses exactly with `data`; lists are not empty. */
function expectAnswer(res: ApiResponse, data: z.ZodType, label: string): void {
  expectEnvelope(res, envelopeOf(data), label);
}

/** As `expectAnswer`, for the answers whose envelope carries fields beside `data` (`envelope` declares them). */
function expectEnvelope(res: ApiResponse, envelope: z.ZodType, label: string): void {
  const parsed = exact(envelope).safeParse(res.body);
  const problem = parsed.success ? '' : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
  expect({ label, status: res.status, success: (res.body as ApiEnvelope<unknown>)?.success, problem }).toEqual({
    label, status: 200, success: true, problem: '',
  });
  const body = res.body as ApiEnvelope<unknown>;
  const list = Array.isArray(body.data) ? body.data : (body.data as { items?: unknown[] })?.items;
  if (list !== undefined) expect({ label, empty: list.length === 0 }).toEqual({ label, empty: false });
}

describe('/api answers parse with the contract’s response schemas (spec §7)', () => {
  let api: ApiStack;
  let fake: FakeUpstream;
  let root: ApiClient;
  let user: ApiClient;
  let userId: number;
  let channelId: number;
  let tokenId: number;

  beforeAll(async () => {
    [api, fake] = await Promise.all([startApiStack({ GLOBAL_API_RATE_LIMIT_ENABLE: 'false' }), startFakeUpstream()]);
    root = await api.root();
    userId = await seedUser(api.query, 50_000_000);
    user = await api.signedInAs(userId);

    const created = await root.post('/api/channel/', {
      type: 1, name: 'contract', key: 'sk-contract', base_url: fake.url, models: ['gpt-4o-mini'], group: 'default', tag: 'contract-tag',
    });
    expect(created.body).toMatchObject({ success: true });
    expectAnswer(created, z.array(channelJson), 'POST /api/channel/');
    channelId = (created.body.data as Array<{ id: number }>)[0].id;

    const token = await user.post('/api/token/', { name: 'contract', remain_quota: 1_000_000 });
    expect(token.body.success).toBe(true);
    const [row] = (await user.get('/api/token/')).body.data;
    tokenId = row.id;
    const call = await fetch(`${api.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${row.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(call.status).toBe(200);
    await call.text();
    expect(await eventually(async () => (await user.get('/api/log/self/?type=2')).body.data.items.length > 0, 20_000)).toBe(true);

    const now = Math.floor(Date.now() / 1000);
    await insertDrawingTasks(api, [
      { userId, mjId: 'mj-contract', submitTime: now * 1000, channelId, status: 'SUCCESS', progress: '100%', prompt: 'a cat', promptEn: 'a cat', finishTime: now * 1000 },
    ]);
    await insertTasks(api, [
      { userId, taskId: 'task-contract', submitTime: now, channelId, status: 'SUCCESS', progress: '100%', finishTime: now, properties: {}, data: [] },
    ]);
  });
  afterAll(async () => {
    await fake?.close();
    await api?.stop();
  });

  it('the public status', async () => {
    expectAnswer(await api.client().get('/api/status'), statusJson, 'GET /api/status');
  });

  it('the signed-in user’s own calls', async () => {
    expectAnswer(await user.get('/api/user/self'), selfUserJson, 'GET /api/user/self');
    expectAnswer(await user.get('/api/token/?p=0&size=10'), z.array(tokenJson), 'GET /api/token/');
    expectAnswer(await user.get(`/api/token/${tokenId}`), tokenJson, 'GET /api/token/{id}');
    expectAnswer(await user.get('/api/log/self/?p=1&page_size=10&type=0'), pageOf(logJson), 'GET /api/log/self/');
    expectAnswer(await user.get('/api/log/self/stat?type=0'), logStatJson, 'GET /api/log/self/stat');
    expectAnswer(await user.get('/api/mj/self/?p=0'), z.array(drawingTaskJson), 'GET /api/mj/self/');
    expectAnswer(await user.get('/api/task/self?p=0'), z.array(taskJson), 'GET /api/task/self');
  });

  it('the admin’s user, log, dashboard, task and option calls', async () => {
    expectAnswer(await root.get('/api/user/?p=0&page_size=10'), pageOf(adminUserJson), 'GET /api/user/');
    expectAnswer(await root.get(`/api/user/${userId}`), adminUserJson, 'GET /api/user/{id}');
    expectAnswer(await root.get('/api/log/?p=1&page_size=10&type=0'), pageOf(logJson), 'GET /api/log/');
    expectAnswer(await root.get('/api/log/stat?type=0'), logStatJson, 'GET /api/log/stat');
    expectAnswer(await root.get('/api/mj/?p=0'), z.array(drawingTaskJson), 'GET /api/mj/');
    expectAnswer(await root.get('/api/task/?p=0'), z.array(taskJson), 'GET /api/task/');
    expectAnswer(await root.get('/api/option/'), z.array(optionJson), 'GET /api/option/');
    // The dashboard's hourly rows may not be rolled up yet; whatever it answers must parse.
    const now = Math.floor(Date.now() / 1000);
    const data = await root.get(`/api/data/?start_timestamp=${now - 86_400}&end_timestamp=${now + 3_600}`);
    expect({ success: data.body.success, parsed: exact(envelopeOf(z.array(quotaDataJson))).safeParse(data.body).success }).toEqual({ success: true, parsed: true });
  });

  it('the admin’s redemption calls', async () => {
    expect((await root.post('/api/redemption/', { name: 'contract', quota: 1_000, count: 1 })).body.success).toBe(true);
    const page = await root.get('/api/redemption/search?keyword=contract&p=1&page_size=10');
    expectAnswer(page, pageOf(redemptionJson), 'GET /api/redemption/search');
    expectAnswer(await root.get(`/api/redemption/${page.body.data.items[0].id}`), redemptionJson, 'GET /api/redemption/{id}');
  });

  it('the admin’s channel calls, with the key only when asked for', async () => {
    expectAnswer(await root.get('/api/channel/?p=0&page_size=10'), z.array(channelJson), 'GET /api/channel/');
    expectAnswer(await root.get('/api/channel/?p=0&page_size=10&tag_mode=true'), z.array(z.union([tagGroupJson, channelJson])), 'GET /api/channel/?tag_mode');
    expectAnswer(await root.get('/api/channel/search?keyword=contract'), z.array(channelJson), 'GET /api/channel/search');
    const plain = await root.get(`/api/channel/${channelId}`);
    expectAnswer(plain, channelJson, 'GET /api/channel/{id}');
    expect(plain.body.data.key).toBeUndefined();
    const withKey = await root.get(`/api/channel/${channelId}?with_key=true`);
    expectAnswer(withKey, channelJson, 'GET /api/channel/{id}?with_key');
    expect(withKey.body.data.key).toBe('sk-contract');
    expectAnswer(await root.put('/api/channel/', { id: channelId, max_rpm: 60 }), channelJson, 'PUT /api/channel/');
  });

  it('the admin’s channel tests: one channel with its time beside the envelope, and the background run', async () => {
    expectEnvelope(await root.get(`/api/channel/test/${channelId}?model=gpt-4o-mini`), channelTestEnvelope, 'GET /api/channel/test/{id}');
    expectAnswer(await root.get('/api/channel/test'), channelTestAllJson, 'GET /api/channel/test');
  });

  it('the public pricing list, with the caller’s groups beside it', async () => {
    expectEnvelope(await api.client().get('/api/pricing'), pricingEnvelope, 'GET /api/pricing');
    expectEnvelope(await user.get('/api/pricing'), pricingEnvelope, 'GET /api/pricing (signed in)');
  });

  it('sign-in: the login answer and the OAuth state', async () => {
    const browser = api.client();
    expectAnswer(await browser.post('/api/user/login', { username: 'root', password: '123456' }), loginJson, 'POST /api/user/login');
    expectAnswer(await api.client().get('/api/oauth/state'), oauthStateJson, 'GET /api/oauth/state');
    // What a provider callback answers is the login answer without `default_password`.
    expect(Object.keys(loginJson.shape)).toEqual([...Object.keys(authUserJson.shape), 'default_password']);
  });

  it('the wallet: redeeming a code, pricing and placing an online top-up', async () => {
    const created = await root.post('/api/redemption/', { name: 'wallet', quota: 1_000, count: 1 });
    expect(created.body.success).toBe(true);
    expectAnswer(await user.post('/api/user/topup', { key: created.body.data[0] }), redeemJson, 'POST /api/user/topup');
    await api.setOptions({ ServerAddress: api.url, PayAddress: 'http://127.0.0.1:9/', EpayId: '1001', EpayKey: 'contract-key' });
    expectAnswer(await user.post('/api/user/amount', { amount: 1, top_up_code: '' }), topUpQuoteJson, 'POST /api/user/amount');
    const pay = await user.post('/api/user/pay', { amount: 1, top_up_code: '', payment_method: 'zfb' });
    expectEnvelope(pay, paymentFormEnvelope, 'POST /api/user/pay');
    expect(typeof pay.body.url).toBe('string');
  });

  it('the admin’s user management actions', async () => {
    const target = await seedUser(api.query, 0);
    expectAnswer(await root.post('/api/user/manage', { id: target, action: 'disable' }), manageUserJson, 'POST /api/user/manage');
  });

  it('refuses a body the contract refuses, in the /api envelope', async () => {
    const refused = await root.put('/api/channel/', { id: channelId, max_tpm: 1.5 });
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 200, body: { success: false, message: '输入不合法：max_tpm 的类型错误，应为整数' },
    });
  });
});
