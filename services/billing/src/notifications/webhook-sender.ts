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

/** A webhook URL that is not https (product spec §5): nothing is sent to it. */
export class WebhookRefusedError extends Error {}

/** Options of {@link WebhookSender}. */
export interface WebhookSenderOptions {
  /**
   * The undici dispatcher requests go through; undici's global one when omitted. Tests pass an
   * Agent that trusts their self-signed certificate; deployments may pass a proxy agent.
   */
  dispatcher?: Dispatcher;
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

  constructor(private readonly options: WebhookSenderOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  }

  async send(url: string, secret: string, payload: WebhookPayload): Promise<void> {
    const target = httpsUrlOf(url);
    const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'Modelgate-Webhook' };
    if (secret !== '') headers.authorization = `Bearer ${secret}`;
    const response = await request(target, {
      method: 'POST',
      headers,
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(this.timeoutMs),
      headersTimeout: this.timeoutMs,
      bodyTimeout: this.timeoutMs,
      ...(this.options.dispatcher && { dispatcher: this.options.dispatcher }),
    });
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
