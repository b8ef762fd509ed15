import { type Logger, PreconditionFailedError } from '@modelgate/runtime';
import type { OutboundPolicy } from '@modelgate/runtime/outbound';
import { OAuthMessage } from './oauth-messages';

/** Largest provider answer read; anything longer is not a token or a profile. */
const MAX_BODY_BYTES = 1 << 20;

/** A provider's answer: its HTTP status and its JSON body (undefined when it was not JSON). */
export interface ProviderAnswer {
  status: number;
  body: unknown;
}

/** How one sign-in talks to one provider. */
export interface ProviderCall {
  /** The provider's name in messages ("GitHub", "OIDC", "微信"). */
  label: string;
  /** Aborts the call: the sign-in's provider budget, or the RPC's caller going away. */
  signal: AbortSignal;
  logger: Logger;
  /**
   * The outbound address policy, for providers whose addresses come from settings or from what a
   * provider answered (OIDC discovery, the WeChat server) rather than from the deployment's
   * environment: their calls may not reach loopback, private, link-local or metadata addresses.
   */
  outbound?: Pick<OutboundPolicy, 'fetch'>;
}

/** The error of a provider that cannot be reached, answers garbage, or refuses the request. */
export function providerError(message: string, code: string, cause?: unknown): PreconditionFailedError {
  return new PreconditionFailedError(message, { code, cause });
}

/** Joins a configured base URL (with or without a trailing slash) and a path. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path}`;
}

/**
 * Calls a provider and reads its JSON answer. A network failure, a timeout or a 5xx answer becomes
 * a clear "cannot reach {provider}" business error (never a fault with a stack); the cause is
 * logged. Other answers come back as they are, the body undefined when it is not JSON.
 */
export async function fetchProviderJson(call: ProviderCall, url: string, init: RequestInit = {}): Promise<ProviderAnswer> {
  let response: { status: number };
  let text: string;
  try {
    const request = {
      ...init,
      headers: { Accept: 'application/json', 'User-Agent': 'Modelgate', ...(init.headers as Record<string, string>) },
      redirect: 'error' as const,
      signal: call.signal,
    };
    // A refused address reads as unreachable, like any other: the cause is only logged.
    const answer = call.outbound
      ? await call.outbound.fetch(url, request as Parameters<OutboundPolicy['fetch']>[1])
      : await fetch(url, request);
    response = answer;
    text = await answer.text();
  } catch (error) {
    call.logger.warn({ err: error, provider: call.label, url: redactUrl(url) }, 'OAuth provider unreachable');
    throw providerError(OAuthMessage.unreachable(call.label), 'oauth_provider_unreachable', error);
  }
  if (text.length > MAX_BODY_BYTES) {
    throw providerError(OAuthMessage.badAnswer(call.label), 'oauth_provider_bad_response');
  }
  if (response.status >= 500) {
    call.logger.warn({ provider: call.label, url: redactUrl(url), status: response.status }, 'OAuth provider failing');
    throw providerError(OAuthMessage.unreachable(call.label), 'oauth_provider_unreachable');
  }
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    call.logger.warn({ provider: call.label, url: redactUrl(url), status: response.status }, 'OAuth provider answered no JSON');
    body = undefined;
  }
  return { status: response.status, body };
}

/** A string field of a JSON object, or '' (numbers are turned into their decimal text). */
export function field(body: unknown, key: string): string {
  if (typeof body !== 'object' || body === null) return '';
  const value = (body as Record<string, unknown>)[key];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** The URL without its query string (codes and tokens never reach the logs). */
function redactUrl(url: string): string {
  return url.split('?')[0] ?? url;
}
