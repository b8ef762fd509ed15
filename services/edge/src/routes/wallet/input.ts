/** The wallet's request bodies, declared once in the `/api` contract. */
export { amountBody, payBody, redeemBody } from '@modelgate/contracts/api';

/**
 * The parameters of a payment notice from a query string or a form body, each with its first
 * value; anything that is not text is dropped. The notice is the payment gateway's protocol,
 * not an `/api` call.
 */
export function noticeParamsOf(...sources: unknown[]): Record<string, string> {
  const params: Record<string, string> = {};
  for (const source of sources) {
    if (typeof source !== 'object' || source === null) continue;
    for (const [name, value] of Object.entries(source)) {
      const first: unknown = Array.isArray(value) ? value[0] : value;
      if (typeof first === 'string' && !Object.hasOwn(params, name)) params[name] = first;
    }
  }
  return params;
}
