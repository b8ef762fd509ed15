import type { ApiClient } from '../support/api-client';
import { FakeEpay, fakeEpaySign } from '../support/fake-epay';
import { startWalletHarness, type WalletHarness } from './redemption-fixtures';

jest.setTimeout(60_000);

const NOT_ENABLED = '管理员未开启在线充值！';

/**
 * Online top-up through an EPay gateway (spec §5, §7, §9; reference §9.4): pricing
 * (`/api/user/amount`), placing an order (`/api/user/pay`) and completing it from the gateway's
 * payment notice (`/api/user/epay/notify`), exactly once, whatever the gateway sends.
 */
describe('online top-up', () => {
  let h: WalletHarness;
  let gateway: FakeEpay;

  beforeAll(async () => {
    h = await startWalletHarness();
    gateway = await FakeEpay.start();
  });
  afterAll(async () => {
    await gateway?.stop();
    await h?.stop();
  });

  const configureGateway = () =>
    h.api.setOptions({
      ServerAddress: h.api.url,
      PayAddress: `${gateway.url}/`,
      EpayId: gateway.merchantId,
      EpayKey: gateway.key,
    });

  /** A new user with a browser; `group` for TopupGroupRatio tests. */
  const newUser = async (username: string, group = 'default'): Promise<{ id: number; client: ApiClient }> => {
    const id = await h.insertUser({ username, group });
    return { id, client: await h.signedIn(id) };
  };

  /** Places an order through the API and hands its form to the gateway, as the browser does. */
  const placeOrder = async (client: ApiClient, amount = 1, method = 'zfb') => {
    const res = await client.post('/api/user/pay', { amount, top_up_code: '', payment_method: method });
    if (!res.body.success) throw new Error(`cannot place an order: ${res.body.message}`);
    expect(await gateway.submit(res.body.url, res.body.data)).toBe(true);
    return res.body.data.out_trade_no as string;
  };

  const order = async (tradeNo: string) =>
    (await h.api.query(`SELECT * FROM top_ups WHERE trade_no = $1`, [tradeNo]))[0] as Record<string, any>;

  describe('before the gateway is configured', () => {
    it('refuses to place orders but still prices them', async () => {
      const { client } = await newUser('early');
      expect((await client.post('/api/user/pay', { amount: 1, payment_method: 'zfb' })).body).toEqual({
        success: false,
        message: NOT_ENABLED,
      });
      expect((await client.post('/api/user/amount', { amount: 1 })).body).toEqual({
        success: true,
        message: 'success',
        data: '7.30',
      });
      expect(await h.api.query(`SELECT id FROM top_ups`)).toEqual([]);
    });

    it('refuses every payment notice', async () => {
      const res = await gateway.deliver(`${h.api.url}/api/user/epay/notify`, { pid: '1', out_trade_no: 'x' });
      expect([res.status, res.body]).toEqual([200, 'fail']);
    });
  });

  describe('pricing', () => {
    beforeAll(configureGateway);

    it('charges amount × Price × TopupGroupRatio, to the cent', async () => {
      const { client } = await newUser('pricer');
      const { client: vip } = await newUser('pricer-vip', 'vip');
      await h.api.setOptions({ TopupGroupRatio: JSON.stringify({ default: 1, vip: 0.5, svip: 0 }) });
      const quote = async (who: ApiClient, amount: unknown) => (await who.post('/api/user/amount', { amount, top_up_code: '' })).body;
      expect(await quote(client, 3)).toEqual({ success: true, message: 'success', data: '21.90' });
      expect(await quote(client, '10')).toMatchObject({ data: '73.00' });
      expect(await quote(vip, 3)).toMatchObject({ data: '10.95' });
      await h.api.setOptions({ Price: '0.35' });
      expect(await quote(client, 29)).toMatchObject({ data: '10.15' });
      await h.api.setOptions({ Price: '7.3' });
    });

    it('refuses amounts below MinTopUp and bad amounts', async () => {
      const { client } = await newUser('small');
      await h.api.setOptions({ MinTopUp: '5' });
      try {
        for (const path of ['/api/user/amount', '/api/user/pay']) {
          const res = await client.post(path, { amount: 4, payment_method: 'zfb' });
          expect(res.body).toEqual({ success: false, message: '充值数量不能小于 5' });
        }
      } finally {
        await h.api.setOptions({ MinTopUp: '1' });
      }
      for (const amount of [0, -3, undefined]) {
        expect((await client.post('/api/user/amount', { amount })).body).toEqual({ success: false, message: '充值数量必须是正整数' });
      }
      expect((await client.post('/api/user/amount', { amount: 1.5 })).body.message).toBe('输入不合法：amount 的类型错误，应为整数');
      expect((await client.post('/api/user/amount', { amount: 'many' })).body.success).toBe(false);
      expect((await client.post('/api/user/amount', { amount: 9_000_000_000_000 })).body).toEqual({
        success: false,
        message: '充值数量过大',
      });
      expect((await client.raw('POST', '/api/user/amount', '{')).status).toBe(200);
    });

    it('takes amounts in quota units when quota is not shown in currency', async () => {
      const { client } = await newUser('units');
      await h.api.setOptions({ DisplayInCurrencyEnabled: 'false' });
      try {
        expect((await client.post('/api/user/amount', { amount: 500000 })).body.data).toBe('7.30');
        expect((await client.post('/api/user/amount', { amount: 750000 })).body.data).toBe('10.95');
        expect((await client.post('/api/user/amount', { amount: 499999 })).body).toEqual({
          success: false,
          message: '充值数量不能小于 500000',
        });
      } finally {
        await h.api.setOptions({ DisplayInCurrencyEnabled: 'true' });
      }
    });
  });

  describe('orders', () => {
    beforeAll(configureGateway);

    it('records a pending order and answers with the signed gateway form', async () => {
      const { id, client } = await newUser('buyer');
      const res = await client.post('/api/user/pay', { amount: 2, top_up_code: '', payment_method: 'zfb' });
      expect(res.body).toMatchObject({ success: true, message: 'success', url: `${gateway.url}/submit.php` });
      const params = res.body.data as Record<string, string>;
      expect(params).toEqual({
        pid: gateway.merchantId,
        type: 'alipay',
        out_trade_no: expect.stringMatching(new RegExp(`^USR${id}NO[0-9A-Za-z]{6}\\d{10}$`)),
        notify_url: `${h.api.url}/api/user/epay/notify`,
        return_url: `${h.api.url}/log`,
        name: 'TUC2',
        money: '14.60',
        device: 'pc',
        sign_type: 'MD5',
        sign: fakeEpaySign(params, gateway.key),
      });
      expect(await order(params.out_trade_no!)).toMatchObject({
        user_id: id,
        amount: '2',
        quota: '1000000',
        money: 14.6,
        status: 'pending',
        payment_method: 'alipay',
        complete_time: '0',
      });
      expect(await gateway.submit(res.body.url, params)).toBe(true);
    });

    it('sends WeChat Pay for wx, a custom callback address when set, and refuses other methods', async () => {
      const { client } = await newUser('wechat-buyer');
      await h.api.setOptions({ CustomCallbackAddress: `${h.api.url}/` });
      const wx = await client.post('/api/user/pay', { amount: 1, payment_method: 'wx' });
      expect(wx.body.data).toMatchObject({ type: 'wxpay', notify_url: `${h.api.url}/api/user/epay/notify` });
      await h.api.setOptions({ CustomCallbackAddress: 'http://callback.example' });
      const custom = await client.post('/api/user/pay', { amount: 1, payment_method: 'zfb' });
      expect(custom.body.data.notify_url).toBe('http://callback.example/api/user/epay/notify');
      await h.api.setOptions({ CustomCallbackAddress: '' });
      for (const payment_method of ['card', '', undefined, 'alipay']) {
        expect((await client.post('/api/user/pay', { amount: 1, payment_method })).body).toEqual({
          success: false,
          message: '不支持的支付方式，请选择 zfb（支付宝）或 wx（微信支付）',
        });
      }
      expect((await client.post('/api/user/pay', { amount: 1, payment_method: 7 })).body.success).toBe(false);
    });

    it('gives every order its own trade number', async () => {
      const { client } = await newUser('many-orders');
      const results = await Promise.all(
        Array.from({ length: 10 }, () => client.post('/api/user/pay', { amount: 1, payment_method: 'zfb' })),
      );
      const tradeNos = results.map((res) => res.body.data.out_trade_no);
      expect(new Set(tradeNos).size).toBe(10);
    });

    it('is for signed-in users only', async () => {
      for (const path of ['/api/user/pay', '/api/user/amount']) {
        expect((await h.api.client().post(path, { amount: 1, payment_method: 'zfb' })).status).toBe(401);
      }
    });
  });

  describe('payment notices', () => {
    beforeAll(configureGateway);

    it('credit a paid order and log it', async () => {
      const { id, client } = await newUser('payer');
      const tradeNo = await placeOrder(client, 1);
      const res = await gateway.pay(tradeNo);
      expect(res).toEqual({ status: 200, body: 'success' });
      expect(await h.balance(id)).toBe(500000);
      const paid = await order(tradeNo);
      expect(paid.status).toBe('success');
      expect(Math.abs(Number(paid.complete_time) - Date.now() / 1000)).toBeLessThan(60);
      expect(await h.topUpLogs(id)).toEqual([
        {
          content: '使用在线充值成功，充值金额: ＄1.000000 额度，支付金额：7.30',
          quota: 500000,
          other: { top_up: { source: 'online', quota: 500000, money: '7.30' } },
        },
      ]);
      expect((await client.get('/api/user/self')).body.data.quota).toBe(500000);
    });

    it('arrive by POST form too', async () => {
      const { id, client } = await newUser('form-payer');
      const tradeNo = await placeOrder(client, 3, 'wx');
      expect((await gateway.pay(tradeNo, {}, 'POST')).body).toBe('success');
      expect(await h.balance(id)).toBe(1500000);
    });

    it('credit once when delivered again and again', async () => {
      const { id, client } = await newUser('repeat-payer');
      const tradeNo = await placeOrder(client, 1);
      const answers: string[] = [];
      for (const method of ['GET', 'GET', 'POST', 'GET', 'POST'] as const) {
        answers.push((await gateway.pay(tradeNo, {}, method)).body);
      }
      expect(answers).toEqual(['success', 'success', 'success', 'success', 'success']);
      expect(await h.balance(id)).toBe(500000);
      expect(await h.topUpLogs(id)).toHaveLength(1);
    });

    it('credit once when delivered five times at once', async () => {
      const { id, client } = await newUser('racing-payer');
      const tradeNo = await placeOrder(client, 2);
      const answers = await Promise.all(
        (['GET', 'POST', 'GET', 'POST', 'GET'] as const).map((method) => gateway.pay(tradeNo, {}, method)),
      );
      expect(answers.map((answer) => answer.body)).toEqual(['success', 'success', 'success', 'success', 'success']);
      expect(await h.balance(id)).toBe(1000000);
      expect(await h.topUpLogs(id)).toHaveLength(1);
      expect((await order(tradeNo)).status).toBe('success');
    });

    it('credit orders of one user paid at once each exactly once', async () => {
      const { id, client } = await newUser('busy-payer');
      const tradeNos = [await placeOrder(client, 1), await placeOrder(client, 2), await placeOrder(client, 3)];
      await Promise.all(tradeNos.flatMap((tradeNo) => [gateway.pay(tradeNo), gateway.pay(tradeNo, {}, 'POST')]));
      expect(await h.balance(id)).toBe(3000000);
      expect(await h.topUpLogs(id)).toHaveLength(3);
    });

    it.each([
      ['a forged signature', { signKey: 'not-the-merchant-key' }],
      ['a malformed signature', { sign: 'nope' }],
      ['a missing signature', { sign: '' }],
      ['a different amount', { money: '0.01' }],
      ['an unreadable amount', { money: '7.3.0' }],
      ['another merchant', { pid: '9999' }],
      ['an unpaid trade', { tradeStatus: 'WAIT_BUYER_PAY' }],
      ['an unknown order', { tradeNo: 'USR1NOabcdef1700000000' }],
    ])('refuse %s without crediting', async (_what, overrides) => {
      const { id, client } = await newUser(`refused-${Math.random().toString(36).slice(2, 8)}`);
      const tradeNo = await placeOrder(client, 1);
      for (const method of ['GET', 'POST'] as const) {
        expect(await gateway.pay(tradeNo, overrides, method)).toEqual({ status: 200, body: 'fail' });
      }
      expect(await h.balance(id)).toBe(0);
      expect(await h.topUpLogs(id)).toEqual([]);
      expect((await order(tradeNo)).status).toBe('pending');
      // The genuine notice still completes the order afterwards.
      expect((await gateway.pay(tradeNo)).body).toBe('success');
      expect(await h.balance(id)).toBe(500000);
    });

    it('refuse a tampered notice even when its old signature is kept', async () => {
      const { id, client } = await newUser('tamperer');
      const tradeNo = await placeOrder(client, 1);
      const genuine = gateway.notice(tradeNo);
      const notifyUrl = `${h.api.url}/api/user/epay/notify`;
      expect((await gateway.deliver(notifyUrl, { ...genuine, money: '700.00' })).body).toBe('fail');
      expect((await gateway.deliver(notifyUrl, { ...genuine, out_trade_no: `${tradeNo}X` })).body).toBe('fail');
      expect(await h.balance(id)).toBe(0);
    });

    it('answer junk with fail, in plain text, never a fault', async () => {
      const notifyUrl = `${h.api.url}/api/user/epay/notify`;
      const answers = [
        await fetch(notifyUrl),
        await fetch(`${notifyUrl}?pid=1&pid=2&sign[]=x`),
        await fetch(notifyUrl, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: '%%%' }),
        await fetch(notifyUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"pid":"1"}' }),
        await fetch(`${notifyUrl}?${new URLSearchParams({ money: 'x'.repeat(5000) })}`),
      ];
      for (const res of answers) {
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
        expect(await res.text()).toBe('fail');
      }
    });
  });
});
