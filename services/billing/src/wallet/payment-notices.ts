import { topUpLogOther } from '@modelgate/contracts';
import { formatLogQuota, TopUpStatus } from '@modelgate/db';
import type { BillingContext } from '../billing-context';
import { hasValidEpaySignature } from './epay-signature';
import { announceQuotaChange, creditTopUp, updateReturning } from './top-up-credit';
import { centsOfMoneyText, formatCents } from './top-up-pricing';
import { gatewaySettingsOf } from './top-up-orders';

/** The trade status of a completed payment. */
const TRADE_SUCCESS = 'TRADE_SUCCESS';

/** The verdict on one payment notice. */
export interface NoticeVerdict {
  /** Genuine, and its order is paid (by this delivery or an earlier one): answer `success`. */
  acknowledged: boolean;
  /** This delivery credited the order. */
  credited: boolean;
}

const REFUSED: NoticeVerdict = { acknowledged: false, credited: false };
const ALREADY_CREDITED: NoticeVerdict = { acknowledged: true, credited: false };

/** The order a notice names, as stored. */
interface OrderRow {
  user_id: number;
  money: number;
  quota: string;
  status: string;
}

/**
 * Payment notices from the EPay gateway. A notice credits its order only when it is signed with
 * EpayKey, comes from the merchant EpayId, reports TRADE_SUCCESS, names an order we placed and
 * reports the amount that order costs. Crediting is one conditional UPDATE of the order from
 * pending to success, in the same transaction as the balance increase and the top-up log row,
 * so however often (and however concurrently) the gateway delivers a notice, the user is credited
 * once. Later deliveries of a credited order are acknowledged without crediting (the gateway
 * retries until it is answered `success`); anything else is refused and logged.
 */
export class PaymentNotices {
  constructor(private readonly context: BillingContext) {}

  async handle(params: Readonly<Record<string, string>>): Promise<NoticeVerdict> {
    const { logger, options } = this.context;
    const tradeNo = params.out_trade_no ?? '';
    const refuse = (reason: string, details: Record<string, unknown> = {}): NoticeVerdict => {
      logger.warn({ tradeNo, ...details }, `payment notice refused: ${reason}`);
      return REFUSED;
    };
    const gateway = gatewaySettingsOf(options);
    if (!gateway) return refuse('online top-up is not configured');
    if (!hasValidEpaySignature(params, gateway.key)) return refuse('bad signature');
    if (params.pid !== gateway.merchantId) return refuse('unknown merchant id', { pid: params.pid });
    if (params.trade_status !== TRADE_SUCCESS) return refuse('trade not successful', { tradeStatus: params.trade_status });
    if (tradeNo === '') return refuse('no trade number');
    const paidCents = centsOfMoneyText(params.money ?? '');
    if (paidCents === undefined) return refuse('unreadable amount', { money: params.money });

    const orders: OrderRow[] = await this.context.dataSource.query(
      `SELECT user_id, money, quota, status FROM top_ups WHERE trade_no = $1`,
      [tradeNo],
    );
    const order = orders[0];
    if (!order) return refuse('unknown order');
    const orderCents = Math.round(Number(order.money) * 100);
    if (paidCents !== orderCents) {
      return refuse('amount does not match the order', { paid: formatCents(paidCents), expected: formatCents(orderCents) });
    }
    if (order.status !== TopUpStatus.Pending) return this.repeated(tradeNo, order.status);
    return this.complete(tradeNo, order.user_id);
  }

  /** Moves the order from pending to success and credits it, unless another delivery did first. */
  private async complete(tradeNo: string, userId: number): Promise<NoticeVerdict> {
    const { dataSource, logger, options } = this.context;
    const credited = await dataSource.transaction(async (manager) => {
      const rows = await updateReturning<{ quota: string; money: number }>(
        manager,
        `UPDATE top_ups SET status = $2, complete_time = extract(epoch from now())::bigint
          WHERE trade_no = $1 AND status = $3
          RETURNING quota, money`,
        [tradeNo, TopUpStatus.Success, TopUpStatus.Pending],
      );
      const row = rows[0];
      if (!row) return undefined;
      const quota = Number(row.quota);
      const money = formatCents(Math.round(Number(row.money) * 100));
      const content = `使用在线充值成功，充值金额: ${formatLogQuota(quota, options)}，支付金额：${money}`;
      const other = topUpLogOther({ source: 'online', quota, money });
      if (!(await creditTopUp(manager, { userId, includeDeleted: true }, quota, content, other))) {
        throw new Error(`the user ${userId} of paid order ${tradeNo} does not exist`);
      }
      return { quota, money };
    });
    if (!credited) return this.repeated(tradeNo, TopUpStatus.Success);
    logger.info({ tradeNo, userId, ...credited }, 'top-up order paid and credited');
    this.context.metrics?.topUps.labels('online').inc();
    this.context.metrics?.topUpQuota.labels('online').inc(credited.quota);
    await announceQuotaChange(this.context, userId);
    return { acknowledged: true, credited: true };
  }

  private repeated(tradeNo: string, status: string): NoticeVerdict {
    this.context.logger.warn({ tradeNo, status }, 'payment notice repeated for a completed order: not credited again');
    return ALREADY_CREDITED;
  }
}
