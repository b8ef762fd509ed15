import type { PaymentFormEnvelope, PaymentFormParamsJson, RedeemJson, TopUpQuoteJson } from '@modelgate/contracts/api';
import express, { type Request, type Response, Router } from 'express';
import type { ApiDeps } from '../../api-deps';
import { authOf } from '../../auth/authenticate';
import { bodyOf, parseInput } from '../../http/body-input';
import { sendOk, sendOkWith } from '../../http/envelope';
import { amountBody, noticeParamsOf, payBody, redeemBody } from './input';

/** Where the payment gateway delivers its notices (GET with a query string, or a POSTed form). */
const NOTICE_PATH = '/user/epay/notify';
/** Largest form body of a payment notice. */
const NOTICE_BODY_LIMIT = '16kb';

/**
 * The wallet (`/api/user/topup`, `/amount`, `/pay`) and the payment gateway's notices. Every
 * wallet route acts on the caller only; billing owns the codes, orders and balances.
 *
 * `/amount` and `/pay` answer with `message: "success"` as well as `success: true`: consoles
 * written for the reference branch on that message, and `/pay` carries the gateway's submit URL
 * beside `data` (the signed form) as the reference does.
 *
 * The notice route is public (the gateway has no session) and answers in the gateway's plain
 * text: `success` once the notice is verified and its order paid, `fail` for anything else,
 * faults included, so the gateway retries.
 */
export function createWalletRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { clients, guards, logger } = deps;
  const userId = (res: Response) => authOf(res).user.id;

  router.post('/user/topup', guards.user, async (req, res) => {
    const body = parseInput(redeemBody, bodyOf(req));
    const { quota } = await clients.redemptions.call('Redeem', { user_id: userId(res), key: body.key ?? '' });
    sendOk(res, Number(quota) satisfies RedeemJson);
  });

  router.post('/user/amount', guards.user, async (req, res) => {
    const body = parseInput(amountBody, bodyOf(req));
    const { money } = await clients.wallet.call('QuoteTopUp', { user_id: userId(res), amount: body.amount ?? 0 });
    sendOk(res, money satisfies TopUpQuoteJson, 'success');
  });

  router.post('/user/pay', guards.user, async (req, res) => {
    const body = parseInput(payBody, bodyOf(req));
    const order = await clients.wallet.call('CreateTopUpOrder', {
      user_id: userId(res),
      amount: body.amount ?? 0,
      payment_method: body.payment_method ?? '',
    });
    sendOkWith(res, order.params satisfies PaymentFormParamsJson, { url: order.url } satisfies Partial<PaymentFormEnvelope>, 'success');
  });

  const answerNotice = async (req: Request, res: Response) => {
    let acknowledged = false;
    try {
      const params = noticeParamsOf(req.query, req.body);
      ({ acknowledged } = await clients.wallet.call('HandlePaymentNotice', { params }));
    } catch (error) {
      logger.error({ err: error }, 'cannot handle a payment notice');
    }
    res.status(200).type('text/plain').send(acknowledged ? 'success' : 'fail');
  };
  const noticeForm = express.urlencoded({ extended: false, limit: NOTICE_BODY_LIMIT, parameterLimit: 100 });
  router.get(NOTICE_PATH, answerNotice);
  router.post(NOTICE_PATH, (req, res, next) => {
    noticeForm(req, res, (error?: unknown) => {
      if (error === undefined) {
        next();
        return;
      }
      logger.warn({ err: error }, 'payment notice refused: unreadable form');
      res.status(200).type('text/plain').send('fail');
    });
  }, answerNotice);

  return router;
}
