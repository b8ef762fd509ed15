// The Google credentials the fake accepts: Gemini API keys (`x-goog-api-key` or `?key=`).
import type { IncomingMessage } from 'node:http';

/** The Gemini API keys accepted unless the server is started with its own. */
export const DEFAULT_GEMINI_API_KEYS: readonly string[] = ['AIzaFakeGeminiKey'];

/** Google's credentials of one fake upstream; tests register more while it runs. */
export class GoogleCredentials {
  private readonly apiKeys: Set<string>;

  constructor(apiKeys: readonly string[]) {
    this.apiKeys = new Set(apiKeys);
  }

  /** Accepts `key` as a Gemini API key from now on. */
  addApiKey(key: string): void {
    this.apiKeys.add(key);
  }

  /** Stops accepting `key`. */
  removeApiKey(key: string): void {
    this.apiKeys.delete(key);
  }

  /** Whether `key` is an accepted Gemini API key. */
  hasApiKey(key: string): boolean {
    return this.apiKeys.has(key);
  }
}

/** The Gemini API key a request presents: `x-goog-api-key`, else the `key` query parameter. */
export function googleApiKeyOf(req: IncomingMessage): string | undefined {
  const header = req.headers['x-goog-api-key'];
  if (typeof header === 'string') return header;
  const url = req.url ?? '';
  const q = url.indexOf('?');
  return q < 0 ? undefined : (new URLSearchParams(url.slice(q + 1)).get('key') ?? undefined);
}
