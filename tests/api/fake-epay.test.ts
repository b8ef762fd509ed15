import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeEpay, fakeEpaySign } from '../support/fake-epay';

/** The fake payment gateway the wallet tests pay through: its signing, its orders, its notices. */
describe('fake EPay gateway', () => {
  let gateway: FakeEpay;
  let receiver: Server;
  let receiverUrl: string;
  const received: Array<{ method: string; query: string; body: string }> = [];

  beforeAll(async () => {
    gateway = await FakeEpay.start('2002', 'secret-key');
    receiver = createServer(async (req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const url = new URL(req.url ?? '/', 'http://x');
      const body = Buffer.concat(chunks).toString();
      received.push({ method: req.method ?? '', query: url.search.slice(1), body });
      // Answers like a shop: success for a completed trade, fail for anything else.
      const status = new URLSearchParams(req.method === 'GET' ? url.search : body).get('trade_status');
      res.end(status === 'TRADE_SUCCESS' ? 'success' : 'fail');
    });
    receiver.listen(0, '127.0.0.1');
    await once(receiver, 'listening');
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/notify`;
  });
  afterAll(async () => {
    await gateway?.stop();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  /** A form as a shop signs it. */
  const form = (overrides: Record<string, string> = {}): Record<string, string> & { out_trade_no: string } => {
    const params: Record<string, string> = {
      pid: '2002',
      type: 'alipay',
      out_trade_no: `T${received.length}${Math.random().toString(36).slice(2)}`,
      notify_url: receiverUrl,
      return_url: 'http://shop/log',
      name: 'TUC1',
      money: '7.30',
      device: 'pc',
      sign_type: 'MD5',
      ...overrides,
    };
    return { ...params, out_trade_no: params.out_trade_no!, sign: fakeEpaySign(params, 'secret-key') };
  };

  it('signs the sorted non-empty parameters but sign and sign_type, followed by the key', () => {
    const params = { type: 'alipay', money: '1.00', pid: '7', empty: '', sign_type: 'MD5', sign: 'old' };
    const expected = createHash('md5').update('money=1.00&pid=7&type=alipaysecret').digest('hex');
    expect(fakeEpaySign(params, 'secret')).toBe(expected);
  });

  it('accepts a correctly signed order and refuses a tampered or foreign one', async () => {
    const good = form();
    expect(await gateway.submit(`${gateway.url}/submit.php`, good)).toBe(true);
    expect(gateway.order(good.out_trade_no)).toMatchObject({ money: '7.30', type: 'alipay', notifyUrl: receiverUrl });

    const tampered = { ...form(), money: '0.01' };
    expect(await gateway.submit(`${gateway.url}/submit.php`, tampered)).toBe(false);
    expect(gateway.order(tampered.out_trade_no)).toBeUndefined();
    const foreign = form({ pid: '9999' });
    expect(await gateway.submit(`${gateway.url}/submit.php`, foreign)).toBe(false);
    expect(gateway.submissions.map((submission) => submission.accepted)).toEqual([true, false, false]);
  });

  it('delivers signed notices by GET and by POST and reports the answer', async () => {
    const order = form();
    await gateway.submit(`${gateway.url}/submit.php`, order);
    received.length = 0;

    const first = await gateway.pay(order.out_trade_no);
    const second = await gateway.pay(order.out_trade_no, { money: '1.00', tradeStatus: 'WAIT' }, 'POST');
    expect([first.body, second.body]).toEqual(['success', 'fail']);

    const [viaGet, viaPost] = received.map((request) => ({
      method: request.method,
      params: Object.fromEntries(new URLSearchParams(request.method === 'GET' ? request.query : request.body)),
    }));
    expect(viaGet).toMatchObject({
      method: 'GET',
      params: { pid: '2002', out_trade_no: order.out_trade_no, money: '7.30', trade_status: 'TRADE_SUCCESS', type: 'alipay' },
    });
    expect(viaGet!.params.sign).toBe(fakeEpaySign(viaGet!.params, 'secret-key'));
    expect(viaPost).toMatchObject({ method: 'POST', params: { money: '1.00', trade_status: 'WAIT' } });
    expect(viaPost!.params.sign).toBe(fakeEpaySign(viaPost!.params, 'secret-key'));
  });

  it('forges notices on request', () => {
    const order = form();
    return gateway.submit(`${gateway.url}/submit.php`, order).then(() => {
      const forged = gateway.notice(order.out_trade_no, { signKey: 'wrong' });
      expect(forged.sign).not.toBe(fakeEpaySign(forged, 'secret-key'));
      expect(gateway.notice(order.out_trade_no, { sign: 'x' }).sign).toBe('x');
      expect(() => gateway.notice('unknown')).toThrow(/no order/);
    });
  });
});
