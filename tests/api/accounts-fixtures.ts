import type { ApiClient, ApiResponse } from '../support/api-client';
import { type ApiStack, startApiStack } from '../support/api-stack';
import { SmtpSink } from '../support/smtp-sink';

/** The whole product, a real SMTP server receiving its mail, and helpers of the account tests. */
export interface AccountsHarness {
  api: ApiStack;
  smtp: SmtpSink;
  /**
   * A new browser. Each one comes from its own (public, documentation-range) address through the
   * loopback proxy edge trusts, so the per-address critical limit (20 sign-ins per 20 minutes)
   * counts each test browser apart, as it would count real visitors.
   */
  browser(): ApiClient;
  /** Registers `username` with `password` (and any extra form fields); fails loudly. */
  register(username: string, password: string, extra?: Record<string, unknown>): Promise<number>;
  /** A new browser signed in as `username`. */
  signedIn(username: string, password: string): Promise<ApiClient>;
  /** A new browser signed in as root. */
  root(): Promise<ApiClient>;
  /** The stored row of a user. */
  row(username: string): Promise<Record<string, any>>;
  /** Number of live sessions of a user. */
  sessionCount(userId: number): Promise<number>;
  stop(): Promise<void>;
}

let nextAddress = 1;

/** A distinct client address for each browser of the run (TEST-NET-3, 203.0.113.0/24 and on). */
function freshAddress(): string {
  const n = nextAddress++;
  return `203.0.${113 + Math.floor(n / 250)}.${(n % 250) + 1}`;
}

/** Asserts an envelope success and returns it (a clearer failure than a later undefined). */
export function ok<T>(res: ApiResponse<T>): ApiResponse<T> {
  if (res.status !== 200 || !res.body.success) {
    throw new Error(`expected success, got HTTP ${res.status}: ${JSON.stringify(res.body)}`);
  }
  return res;
}

/**
 * Starts the stack and an SMTP sink, and points the SMTP options at the sink. The global `/api`
 * limit is off so a test may send as many requests as it needs; the critical limit stays on.
 */
export async function startAccountsHarness(options: Record<string, string> = {}): Promise<AccountsHarness> {
  const smtp = await SmtpSink.start();
  let api: ApiStack;
  try {
    api = await startApiStack({ GLOBAL_API_RATE_LIMIT_ENABLE: 'false' });
  } catch (error) {
    await smtp.stop();
    throw error;
  }
  await api.setOptions({ ...smtp.options(), ...options });
  const browser = () => {
    const client = api.client();
    client.headers['X-Forwarded-For'] = freshAddress();
    return client;
  };
  const signedIn = async (username: string, password: string) => {
    const client = browser();
    await client.login(username, password);
    return client;
  };
  return {
    api,
    smtp,
    browser,
    async register(username, password, extra = {}) {
      ok(await browser().post('/api/user/register', { username, password, password2: password, ...extra }));
      return Number((await api.query(`SELECT id FROM users WHERE username = $1`, [username]))[0].id);
    },
    signedIn,
    root: () => signedIn('root', '123456'),
    async row(username) {
      return (await api.query(`SELECT * FROM users WHERE username = $1`, [username]))[0];
    },
    async sessionCount(userId) {
      return Number((await api.query(`SELECT count(*) AS n FROM sessions WHERE user_id = $1`, [userId]))[0].n);
    },
    async stop() {
      await api.stop();
      await smtp.stop();
    },
  };
}

/** The 6-digit code in a verification mail. */
export function codeIn(text: string): string {
  const match = /验证码为: (\d{6})/.exec(text);
  if (!match) throw new Error(`no verification code in: ${text}`);
  return match[1]!;
}
