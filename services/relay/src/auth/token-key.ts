import { AuthenticationError } from '@modelgate/runtime';

/** Request headers as `node:http` gives them (lower-case names). */
export type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>;

/** A client's key split into the stored token key and an optional channel suffix. */
export interface TokenKey {
  /** The stored key: 48 alphanumerics, without `sk-`. */
  key: string;
  /**
   * The raw text after `sk-KEY-` (`sk-KEY-CHANNELID`), when present. Validated later: only admins
   * may pin a channel, and only then does a non-numeric id matter (see `checkPinnedChannel`).
   */
  pinnedChannel?: string;
}

/** `未提供令牌`: no key in any accepted header (401, code `missing_api_key`). */
export const MESSAGE_NO_TOKEN = '未提供令牌';
/** `无效的令牌`: malformed or unknown key (401, code `invalid_api_key`). */
export const MESSAGE_INVALID_TOKEN = '无效的令牌';

const WEBSOCKET_KEY_PREFIX = 'openai-insecure-api-key.';
const MIDJOURNEY_PLACEHOLDER = 'midjourney-proxy';
const TOKEN_KEY = /^[0-9A-Za-z]{48}$/;

function header(headers: RequestHeaders, name: string): string {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

/** Options of {@link extractRawKey}. */
export interface ExtractKeyOptions {
  /** The request path; on `/v1/messages` (Anthropic clients) `x-api-key` takes precedence. */
  path?: string;
}

/**
 * Finds the client's key text in the headers, in the reference's order: a websocket
 * `Sec-WebSocket-Protocol` element `openai-insecure-api-key.<key>`; `x-api-key` on `/v1/messages`;
 * `Authorization` with or without `Bearer `; and `mj-api-secret` when `Authorization` is empty or
 * the Midjourney placeholder `midjourney-proxy`. As an addition to the reference, `x-api-key` is
 * also honoured on other paths when nothing else was sent. Returns '' when none is present.
 */
export function extractRawKey(headers: RequestHeaders, options: ExtractKeyOptions = {}): string {
  const protocols = header(headers, 'sec-websocket-protocol');
  if (protocols !== '') {
    for (const element of protocols.split(',')) {
      const trimmed = element.trim();
      if (trimmed.startsWith(WEBSOCKET_KEY_PREFIX)) return trimmed.slice(WEBSOCKET_KEY_PREFIX.length);
    }
  }
  const apiKey = header(headers, 'x-api-key');
  if (apiKey !== '' && options.path?.includes('/v1/messages')) return apiKey;
  let auth = header(headers, 'authorization');
  if (/^bearer(\s|$)/i.test(auth)) auth = auth.slice(6).trim();
  if (auth === MIDJOURNEY_PLACEHOLDER) return header(headers, 'mj-api-secret');
  if (auth === '') return header(headers, 'mj-api-secret') || apiKey;
  return auth;
}

/**
 * Parses key text (`sk-KEY`, `sk-KEY-CHANNELID`, or the same without `sk-`). Throws an
 * AuthenticationError `未提供令牌` when empty and `无效的令牌` when the key is not 48
 * alphanumerics or has more than one suffix: such keys cannot exist, so they never reach a lookup.
 */
export function parseTokenKey(raw: string): TokenKey {
  const text = raw.trim();
  if (text === '') throw new AuthenticationError(MESSAGE_NO_TOKEN, { code: 'missing_api_key' });
  const parts = (text.startsWith('sk-') ? text.slice(3) : text).split('-');
  const key = parts[0] ?? '';
  if (parts.length > 2 || !TOKEN_KEY.test(key)) {
    throw new AuthenticationError(MESSAGE_INVALID_TOKEN, { code: 'invalid_api_key' });
  }
  return parts.length === 2 ? { key, pinnedChannel: parts[1] ?? '' } : { key };
}

/** {@link extractRawKey} then {@link parseTokenKey}. */
export function readTokenKey(headers: RequestHeaders, options: ExtractKeyOptions = {}): TokenKey {
  return parseTokenKey(extractRawKey(headers, options));
}
