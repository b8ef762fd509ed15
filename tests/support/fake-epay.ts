import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake EPay-compatible payment gateway for tests: it takes the signed form a shop posts to
 * `/submit.php` (checking its signature like a real gateway), remembers the order, and on the
 * test's word "pays" it by delivering a signed payment notice to the order's `notify_url`, by GET
 * (query string) or POST (form body), as often as the test likes. Its MD5 signing is written here
 * from the EPay description, independently of the product's, so the two check each other.
 */

/** An order the gateway accepted from `/submit.php`. */
export interface EpayOrder {
  /** The shop's trade number (`out_trade_no`). */
  tradeNo: string;
  /** The gateway's own trade number, reported in notices. */
  gatewayTradeNo: string;
  type: string;
  name: string;
  money: string;
  notifyUrl: string;
  returnUrl: string;
}

/** What a notice reports; anything left out is taken from the order. */
export interface NoticeOverrides {
  money?: string;
  tradeStatus?: string;
  pid?: string;
  tradeNo?: string;
  /** Sign with this key instead of the merchant's (a forged notice). */
  signKey?: string;
  /** Replace the signature with this text. */
  sign?: string;
}

/** How a notice travels: query string (what gateways usually do) or form body. */
export type NoticeMethod = 'GET' | 'POST';

/** The shop's answer to one notice delivery. */
export interface NoticeDelivery {
  status: number;
  body: string;
}

/** The EPay MD5 signature: sorted non-empty parameters but sign/sign_type, `k=v&…`, then the key. */
export function fakeEpaySign(params: Record<string, string>, key: string): string {
  const names = Object.keys(params)
    .filter((name) => name !== 'sign' && name !== 'sign_type' && params[name] !== '')
    .sort();
  const text = names.map((name) => `${name}=${params[name]}`).join('&');
  return createHash('md5').update(`${text}${key}`).digest('hex');
}

export class FakeEpay {
  private readonly orders = new Map<string, EpayOrder>();
  private sequence = 0;
  /** Every form posted to `/submit.php`, accepted or not. */
  readonly submissions: Array<{ params: Record<string, string>; accepted: boolean }> = [];

  private constructor(
    private readonly server: Server,
    /** Base URL, e.g. `http://127.0.0.1:12345` (the PayAddress option). */
    readonly url: string,
    /** The merchant id (EpayId). */
    readonly merchantId: string,
    /** The merchant key (EpayKey). */
    readonly key: string,
  ) {}

  static async start(merchantId = '1001', key = 'fake-epay-merchant-key'): Promise<FakeEpay> {
    let gateway: FakeEpay | undefined;
    const server = createServer((req, res) => void gateway?.handle(req, res));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    gateway = new FakeEpay(server, `http://127.0.0.1:${port}`, merchantId, key);
    return gateway;
  }

  /** The order with this shop trade number, if the gateway accepted it. */
  order(tradeNo: string): EpayOrder | undefined {
    return this.orders.get(tradeNo);
  }

  /** Posts a form to `/submit.php` as the buyer's browser does; true when the gateway accepted it. */
  async submit(url: string, params: Record<string, string>): Promise<boolean> {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params).toString(),
    });
    return (await res.text()) === 'accepted';
  }

  /** The signed parameters of a payment notice for an accepted order. */
  notice(tradeNo: string, overrides: NoticeOverrides = {}): Record<string, string> {
    const order = this.orders.get(tradeNo);
    if (!order) throw new Error(`the fake gateway has no order ${tradeNo}`);
    const params: Record<string, string> = {
      pid: overrides.pid ?? this.merchantId,
      trade_no: order.gatewayTradeNo,
      out_trade_no: overrides.tradeNo ?? order.tradeNo,
      type: order.type,
      name: order.name,
      money: overrides.money ?? order.money,
      trade_status: overrides.tradeStatus ?? 'TRADE_SUCCESS',
      sign_type: 'MD5',
    };
    params.sign = overrides.sign ?? fakeEpaySign(params, overrides.signKey ?? this.key);
    return params;
  }

  /** Delivers a payment notice for an accepted order to its `notify_url`. */
  async pay(tradeNo: string, overrides: NoticeOverrides = {}, method: NoticeMethod = 'GET'): Promise<NoticeDelivery> {
    const order = this.orders.get(tradeNo);
    if (!order) throw new Error(`the fake gateway has no order ${tradeNo}`);
    return this.deliver(order.notifyUrl, this.notice(tradeNo, overrides), method);
  }

  /** Delivers any parameters to a notify URL, as the gateway would. */
  async deliver(notifyUrl: string, params: Record<string, string>, method: NoticeMethod = 'GET'): Promise<NoticeDelivery> {
    const query = new URLSearchParams(params).toString();
    const res =
      method === 'GET'
        ? await fetch(`${notifyUrl}?${query}`)
        : await fetch(notifyUrl, {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            body: query,
          });
    return { status: res.status, body: await res.text() };
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    if (url.pathname !== '/submit.php') {
      res.writeHead(404).end('not found');
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(req.method === 'POST' ? Buffer.concat(chunks).toString() : url.search);
    const params = Object.fromEntries(form);
    const accepted =
      params.pid === this.merchantId &&
      params.sign_type === 'MD5' &&
      params.sign === fakeEpaySign(params, this.key) &&
      ['out_trade_no', 'notify_url', 'money', 'type'].every((name) => (params[name] ?? '') !== '');
    this.submissions.push({ params, accepted });
    if (accepted) {
      this.sequence += 1;
      this.orders.set(params.out_trade_no!, {
        tradeNo: params.out_trade_no!,
        gatewayTradeNo: `EP${Date.now()}${this.sequence}`,
        type: params.type!,
        name: params.name ?? '',
        money: params.money!,
        notifyUrl: params.notify_url!,
        returnUrl: params.return_url ?? '',
      });
    }
    res.writeHead(200, { 'Content-Type': 'text/plain' }).end(accepted ? 'accepted' : 'rejected');
  }
}
