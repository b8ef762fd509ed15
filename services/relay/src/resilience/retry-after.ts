/** Longest wait taken from a provider's `Retry-After` (a bogus year-long value must not park a channel). */
export const MAX_RETRY_AFTER_SECONDS = 3600;

type Headers = Readonly<Record<string, string | string[] | undefined>>;

function first(headers: Headers | undefined, name: string): string | undefined {
  const value = headers?.[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The wait a provider asked for, in whole seconds (at least 1, at most
 * {@link MAX_RETRY_AFTER_SECONDS}): `retry-after-ms` (OpenAI's and Anthropic's SDKs read it first),
 * else `Retry-After` as seconds or as an HTTP date. Undefined when neither says anything usable.
 */
export function retryAfterSecondsOf(headers: Headers | undefined, now: number = Date.now()): number | undefined {
  const clamp = (seconds: number) => Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil(seconds)));
  const ms = first(headers, 'retry-after-ms')?.trim();
  if (ms && /^\d+(\.\d+)?$/.test(ms)) return clamp(Number(ms) / 1000);
  const value = first(headers, 'retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return clamp(Number(value));
  if (!/[a-z]/i.test(value)) return undefined; // a negative or otherwise malformed number
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return clamp((date - now) / 1000);
}
