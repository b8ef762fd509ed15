import { randomInt } from 'node:crypto';
import { TopUpStatus } from '@modelgate/db';
import { NotFoundError, PreconditionFailedError, ValidationError } from '@modelgate/runtime';
import type { BillingContext } from '../billing-context';
import { signEpayParams } from './epay-signature';
import { quoteTopUp, topUpSettingsOf } from './top-up-pricing';
import { WalletMessage } from './wallet-messages';

/** The console's payment methods and the gateway's payment types. */
const PAYMENT_TYPES: Readonly<Record<string, string>> = { zfb: 'alipay', wx: 'wxpay' };

/** Path of the payment notices on the public address (edge serves it). */
export const PAYMENT_NOTICE_PATH = '/api/user/epay/notify';
/** Console page the gateway sends the buyer back to. */
const RETURN_PATH = '/log';

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` random alphanumeric characters from a cryptographic source. */
function randomAlphanumeric(length: number): string {
  let text = '';
  for (let index = 0; index < length; index += 1) text += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return text;
}

/** An order's trade number: `USR<user id>NO<6 random characters><unix seconds>`. */
export function newTradeNo(userId: number, nowSeconds = Math.floor(Date.now() / 1000)): string {
  return `USR${userId}NO${randomAlphanumeric(6)}${nowSeconds}`;
}

/** An address option without trailing slashes. */
/** The payment gateway's settings; undefined while online top-up is not configured. */
export interface GatewaySettings {
  /** PayAddress without trailing slashes. */
  address: string;
  /** EpayId: the merchant id (`pid`). */
  merchantId: string;
  /** EpayKey: the signing key. */
  key: string;
}

/** The gateway settings, when PayAddress, EpayId and EpayKey are all set. */
export function gatewaySettingsOf(options: BillingContext['options']): GatewaySettings | undefined {
  const address = options.value('PayAddress');
  const merchantId = options.value('EpayId').trim();
  const key = options.value('EpayKey').trim();
  return address && merchantId && key ? { address, merchantId, key } : undefined;
}

/** A placed order: where the browser posts the signed form. */
export interface PlacedOrder {
  url: string;
  params: Record<string, string>;
  tradeNo: string;
}

/**
 * Pricing and placing online top-up orders. An order is a pending `top_ups` row holding what it
 * costs and the quota it credits, both fixed when it is placed; it is completed only by a
 * genuine payment notice ({@link PaymentNotices}).
 */
export class TopUpOrders {
  constructor(private readonly context: BillingContext) {}

  /** What a top-up of `amount` costs the user, with two decimals. */
  async quote(userId: number, amount: number): Promise<string> {
    const group = await this.groupOf(userId);
    return quoteTopUp(amount, group, topUpSettingsOf(this.context.options)).money;
  }

  /** Records a pending order and returns the gateway's signed form for it. */
  async place(userId: number, amount: number, paymentMethod: string): Promise<PlacedOrder> {
    const { options, dataSource, logger } = this.context;
    const gateway = gatewaySettingsOf(options);
    if (!gateway) throw new PreconditionFailedError(WalletMessage.notEnabled, { code: 'online_top_up_disabled' });
    const type = Object.hasOwn(PAYMENT_TYPES, paymentMethod) ? PAYMENT_TYPES[paymentMethod] : undefined;
    if (!type) throw new ValidationError(WalletMessage.unsupportedMethod, { code: 'unsupported_payment_method' });
    const group = await this.groupOf(userId);
    const quote = quoteTopUp(amount, group, topUpSettingsOf(options));
    const tradeNo = newTradeNo(userId);
    await dataSource.query(
      `INSERT INTO top_ups (user_id, amount, quota, money, trade_no, create_time, status, payment_method)
       VALUES ($1, $2, $3, $4, $5, extract(epoch from now())::bigint, $6, $7)`,
      [userId, amount, quote.quota, quote.cents / 100, tradeNo, TopUpStatus.Pending, type],
    );
    const serverAddress = options.value('ServerAddress');
    const callbackAddress = options.value('CustomCallbackAddress') || serverAddress;
    const params = signEpayParams(
      {
        pid: gateway.merchantId,
        type,
        out_trade_no: tradeNo,
        notify_url: `${callbackAddress}${PAYMENT_NOTICE_PATH}`,
        return_url: `${serverAddress}${RETURN_PATH}`,
        name: `TUC${amount}`,
        money: quote.money,
        device: 'pc',
      },
      gateway.key,
    );
    logger.info({ userId, tradeNo, amount, money: quote.money, type }, 'top-up order placed');
    return { url: `${gateway.address}/submit.php`, params, tradeNo };
  }

  private async groupOf(userId: number): Promise<string> {
    const rows: Array<{ group: string }> = await this.context.dataSource.query(
      `SELECT "group" FROM users WHERE id = $1 AND deleted_at IS NULL`,
      [userId],
    );
    const row = rows[0];
    if (!row) throw new NotFoundError(WalletMessage.userNotFound, { code: 'user_not_found' });
    return row.group;
  }
}
