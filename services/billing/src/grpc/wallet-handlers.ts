import type { WalletServiceDefinition } from '@modelgate/contracts';
import { type UnaryServiceImplementation, ValidationError } from '@modelgate/runtime';
import type { BillingContext } from '../billing-context';
import { PaymentNotices } from '../wallet/payment-notices';
import { TopUpOrders } from '../wallet/top-up-orders';
import { WalletMessage } from '../wallet/wallet-messages';
import { userIdOf } from './wire-ids';

/** Most parameters a payment notice may carry (a real one has about ten). */
const MAX_NOTICE_PARAMS = 64;
/** Longest parameter value kept (trade numbers, URLs and names are far shorter). */
const MAX_NOTICE_VALUE = 1024;

/** A positive whole amount from an int64 field. */
function amountOf(value: string): number {
  const amount = Number(value);
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new ValidationError(WalletMessage.amountInvalid, { code: 'invalid_top_up_amount' });
  }
  return amount;
}

/** `modelgate.billing.v1.WalletService`: the wire side of {@link TopUpOrders} and {@link PaymentNotices}. */
export function createWalletHandlers(context: BillingContext): UnaryServiceImplementation<WalletServiceDefinition> {
  const orders = new TopUpOrders(context);
  const notices = new PaymentNotices(context);
  return {
    async QuoteTopUp(request) {
      return { money: await orders.quote(userIdOf(request.user_id), amountOf(request.amount)) };
    },

    async CreateTopUpOrder(request) {
      const order = await orders.place(userIdOf(request.user_id), amountOf(request.amount), request.payment_method);
      return { url: order.url, params: order.params, trade_no: order.tradeNo };
    },

    async HandlePaymentNotice(request) {
      const entries = Object.entries(request.params);
      if (entries.length > MAX_NOTICE_PARAMS || entries.some(([, value]) => value.length > MAX_NOTICE_VALUE)) {
        context.logger.warn({ params: entries.length }, 'payment notice refused: oversized');
        return { acknowledged: false, credited: false };
      }
      return notices.handle(request.params);
    },
  };
}
