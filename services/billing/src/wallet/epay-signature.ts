import { createHash, timingSafeEqual } from 'node:crypto';

/** Parameters left out of the signed text. */
const UNSIGNED = new Set(['sign', 'sign_type']);

/**
 * The EPay MD5 signature of a parameter set: every parameter but `sign` and `sign_type` whose
 * value is not empty, sorted by name, joined as `k=v&k=v`, followed directly by the merchant
 * key, MD5-hashed, as lowercase hex. Both the form we post to the gateway and the gateway's
 * payment notices are signed this way.
 */
export function epaySignature(params: Readonly<Record<string, string>>, key: string): string {
  const text = Object.keys(params)
    .filter((name) => !UNSIGNED.has(name) && params[name] !== '')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
  return createHash('md5').update(text + key, 'utf8').digest('hex');
}

/** `params` with `sign_type` MD5 and their `sign` added. */
export function signEpayParams(params: Readonly<Record<string, string>>, key: string): Record<string, string> {
  const signed: Record<string, string> = { ...params, sign_type: 'MD5' };
  signed.sign = epaySignature(signed, key);
  return signed;
}

/** Whether `params.sign` is their signature under `key` (compared in constant time, any hex case). */
export function hasValidEpaySignature(params: Readonly<Record<string, string>>, key: string): boolean {
  const given = params.sign;
  if (typeof given !== 'string' || !/^[0-9a-fA-F]{32}$/.test(given)) return false;
  const expected = Buffer.from(epaySignature(params, key), 'hex');
  return timingSafeEqual(Buffer.from(given, 'hex'), expected);
}
