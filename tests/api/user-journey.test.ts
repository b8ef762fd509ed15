import { ApiClient } from '../support/api-client';
import { eventually } from '../support/relay-fixtures';
import { type RelayStack, startRelayStack } from '../support/relay-stack';

jest.setTimeout(120_000);

/**
 * One journey across every service through the public surfaces only: an admin adds a channel
 * and a redemption code over `/api`; a new user registers, redeems the code, creates a token,
 * calls a model with the official SDK, and then finds the call in their balance, logs,
 * statistics and dashboard — while the admin sees the channel it went through.
 */
describe('an admin sets up, a user signs up, tops up, calls a model and sees the usage', () => {
  let relay: RelayStack;
  let admin: ApiClient;
  let user: ApiClient;

  beforeAll(async () => {
    relay = await startRelayStack();
    admin = await relay.api.root();
    user = relay.api.client();
  });
  afterAll(() => relay?.stop());

  it('works end to end over /api and /v1', async () => {
    const channel = await admin.post('/api/channel/', {
      type: 1,
      name: 'journey-upstream',
      key: 'sk-upstream-journey',
      base_url: relay.fake.url,
      models: 'gpt-4o-mini',
      group: 'default',
    });
    expect(channel.body).toMatchObject({ success: true });
    const listed = await admin.get('/api/channel/search?keyword=journey-upstream');
    const channelId = Number(listed.body.data[0].id);
    expect(listed.body.data[0]).not.toHaveProperty('key', 'sk-upstream-journey');

    const code = await admin.post('/api/redemption/', { name: 'welcome', quota: 2_000_000, count: 1 });
    expect(code.body.success).toBe(true);
    const [redemptionKey] = code.body.data as string[];

    expect((await user.post('/api/user/register', { username: 'journey', password: 'journey-pass-1', password2: 'journey-pass-1' })).body.success).toBe(true);
    await user.login('journey', 'journey-pass-1');
    const redeemed = await user.post('/api/user/topup', { key: redemptionKey });
    expect(redeemed.body).toMatchObject({ success: true, data: 2_000_000 });
    expect((await user.post('/api/user/topup', { key: redemptionKey })).body.success).toBe(false);

    expect((await user.post('/api/token/', { name: 'laptop', remain_quota: 1_000_000, expired_time: -1 })).body.success).toBe(true);
    const tokens = await user.get('/api/token/?p=0&size=10');
    const token = tokens.body.data.find((t: { name: string }) => t.name === 'laptop');
    expect(token.key).toMatch(/^[A-Za-z0-9]{48}$/);

    await relay.waitForModels(`sk-${token.key}`, ['gpt-4o-mini']);
    const answer = await relay.openai(`sk-${token.key}`).chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'hello from the journey' }],
    });
    expect(answer.choices[0]?.message.content).toBeTruthy();

    // The call shows up in the user's own views once billing has settled it.
    let logs: any[] = [];
    expect(
      await eventually(async () => {
        logs = (await user.get('/api/log/self/?type=2')).body.data.items;
        return logs.length === 1;
      }, 10_000),
    ).toBe(true);
    const [log] = logs;
    expect(log).toMatchObject({ model_name: 'gpt-4o-mini', token_name: 'laptop', username: 'journey' });
    expect(log).not.toHaveProperty('channel');
    expect(log).not.toHaveProperty('channel_name');
    expect(log.quota).toBeGreaterThan(0);
    expect(JSON.parse(log.other)).not.toHaveProperty('admin_info');

    // The relay still holds a lease block for the user (ADR 0009), yet the balance the user is
    // shown is what they have not spent: the lease's unspent part counts as theirs.
    const self = await user.get('/api/user/self');
    const { reserved } = await relay.balances(Number(user.userId));
    expect(reserved).toBeGreaterThan(0);
    expect(self.body.data).toMatchObject({ quota: 2_000_000 - log.quota, used_quota: log.quota, request_count: 1 });
    const stat = await user.get('/api/log/self/stat?type=2');
    expect(stat.body.data).toMatchObject({ quota: log.quota });
    const dashboard = await user.get('/api/data/self');
    expect(dashboard.body.data).toEqual([expect.objectContaining({ model_name: 'gpt-4o-mini', count: 1, quota: log.quota })]);
    const ownToken = await user.get(`/api/token/${token.id}`);
    // A token's used quota counts what is held for it too, until the hold is settled or released.
    expect(ownToken.body.data).toMatchObject({ used_quota: log.quota + reserved, remain_quota: 1_000_000 - log.quota - reserved });

    // The admin sees which channel served it.
    const adminLogs = await admin.get('/api/log/?type=2&username=journey');
    expect(adminLogs.body.data.items).toEqual([expect.objectContaining({ channel: channelId, channel_name: 'journey-upstream' })]);

    // And anyone can see what the model costs.
    const pricing = await new ApiClient(relay.url).get('/api/pricing');
    expect(pricing.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ model_name: 'gpt-4o-mini' })]));
  });
});
