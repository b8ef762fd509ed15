import { isOutboundRefusal } from '@modelgate/runtime/outbound';
import { type Dispatcher, request } from 'undici';

/** How long a webhook may take, connection to last byte (the reference's 5 seconds). */
export const WEBHOOK_TIMEOUT_MS = 5_000;

/** The JSON body of a notification webhook (product spec §7). */
export interface WebhookPayload {
  type: string;
  title: string;
  /** Text with `{{value}}` placeholders, filled in order from `values`. */
  content: string;
  values: Array<string | number>;
  /** Unix seconds. */
  timestamp: number;
}

/**
 * A webhook URL that is not https (product spec §5), or whose address the outbound address
 * policy refuses (loopback, private, link-local, metadata): nothing is sent to it.
 */
export class WebhookRefusedError extends Error {}

/** Options of {@link WebhookSender}. */
export interface WebhookSenderOptions {
  /**
   * The undici dispatcher requests go through: an Agent of the outbound address policy
   * (`OutboundPolicy.agent`, or one made by its `createAgent`, as tests do to trust their
   * self-signed certificate). Webhook URLs are the users' own: never call one without the policy.
   */
  dispatcher: Dispatcher;
  timeoutMs?: number;
}

/**
 * Posts notification payloads to users' webhooks: https only (the secret travels as
 * `Authorization: Bearer <secret>`), no redirects followed, a bounded time, and a 2xx answer
 * required. Rejects with {@link WebhookRefusedError} for a URL it will not call, and with an
 * Error for a failed delivery.
 */
export class WebhookSender {
  private readonly timeoutMs: number;

  constructor(private readonly options: WebhookSenderOptions) {
    this.timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  }

  async send(url: string, secret: string, payload: WebhookPayload): Promise<void> {
    const target = httpsUrlOf(url);
    const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'Modelgate-Webhook' };
    if (secret !== '') headers.authorization = `Bearer ${secret}`;
    let response: Dispatcher.ResponseData;
    try {
      response = await request(target, {
        method: 'POST',
        headers,
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(this.timeoutMs),
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
        dispatcher: this.options.dispatcher,
      });
    } catch (error) {
      if (isOutboundRefusal(error)) throw new WebhookRefusedError('webhook address refused by the outbound address policy', { cause: error });
      throw error;
    }
    // Read (and drop) the answer so the connection can be reused.
    await response.body.dump();
    if (response.statusCode < 200 || response.statusCode >= 300) {
      throw new Error(`webhook answered HTTP ${response.statusCode}`);
    }
  }
}

/** The URL when it is an absolute https URL; otherwise {@link WebhookRefusedError}. */
export function httpsUrlOf(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new WebhookRefusedError('webhook URL is not a valid URL');
  }
  if (parsed.protocol !== 'https:' || parsed.hostname === '') throw new WebhookRefusedError('webhook URL must be https');
  return parsed;
}
