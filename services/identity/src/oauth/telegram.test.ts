import { createHash, createHmac } from 'node:crypto';
import { isAppError } from '@modelgate/runtime';
import { TELEGRAM_MAX_AGE_S, telegramHash, verifyTelegramLogin } from './telegram';

const BOT_TOKEN = '123456:ABC-bot-token';
const NOW = 1_750_000_000;

/** Signs like Telegram, independently of the code under test. */
function sign(fields: Record<string, string>, token = BOT_TOKEN): Record<string, string> {
  const check = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const hash = createHmac('sha256', createHash('sha256').update(token).digest()).update(check).digest('hex');
  return { ...fields, hash };
}

function failure(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (isAppError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a failure');
}

describe('Telegram login widget verification', () => {
  const widget = { id: '99', first_name: 'Ada', last_name: 'L', username: 'ada', auth_date: String(NOW - 60) };

  it('computes the HMAC over sorted key=value lines, without the hash itself', () => {
    const signed = sign(widget);
    expect(telegramHash(signed, BOT_TOKEN)).toBe(signed.hash);
  });

  it('accepts signed, fresh data and names the account', () => {
    expect(verifyTelegramLogin(sign(widget), BOT_TOKEN, NOW)).toEqual({ externalId: '99', displayName: 'Ada L', email: '' });
    const bare = sign({ id: '5', auth_date: String(NOW), username: 'only' });
    expect(verifyTelegramLogin(bare, BOT_TOKEN, NOW).displayName).toBe('only');
    const upper = sign(widget);
    expect(verifyTelegramLogin({ ...upper, hash: upper.hash!.toUpperCase() }, BOT_TOKEN, NOW).externalId).toBe('99');
  });

  it('refuses data signed with another token, or changed after signing', () => {
    expect(failure(() => verifyTelegramLogin(sign(widget, 'other:token'), BOT_TOKEN, NOW))).toEqual({
      code: 'telegram_invalid',
      message: '无效的请求',
    });
    expect(failure(() => verifyTelegramLogin({ ...sign(widget), id: '100' }, BOT_TOKEN, NOW)).code).toBe('telegram_invalid');
    expect(failure(() => verifyTelegramLogin({ ...sign(widget), extra: 'x' }, BOT_TOKEN, NOW)).code).toBe('telegram_invalid');
  });

  it('refuses malformed fields before checking anything', () => {
    for (const fields of [
      { ...widget, hash: 'zz' },
      sign({ ...widget, id: 'abc' }),
      sign({ ...widget, auth_date: '' }),
      sign({ ...widget, 'Bad-Key': '1' }),
      sign({ ...widget, first_name: 'x'.repeat(600) }),
      sign(Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f_${String.fromCharCode(97 + i)}`, '1']))),
    ]) {
      expect(failure(() => verifyTelegramLogin(fields, BOT_TOKEN, NOW)).code).toBe('telegram_invalid');
    }
  });

  it('refuses stale data and data from the future', () => {
    const stale = sign({ ...widget, auth_date: String(NOW - TELEGRAM_MAX_AGE_S - 1) });
    expect(failure(() => verifyTelegramLogin(stale, BOT_TOKEN, NOW))).toEqual({
      code: 'telegram_auth_expired',
      message: 'Telegram 登录信息已过期，请重新登录',
    });
    const future = sign({ ...widget, auth_date: String(NOW + 3600) });
    expect(failure(() => verifyTelegramLogin(future, BOT_TOKEN, NOW)).code).toBe('telegram_auth_expired');
  });

  it('refuses everything while no bot token is configured (SHA256 of "" would let anyone sign)', () => {
    expect(failure(() => verifyTelegramLogin(sign(widget, ''), '', NOW)).code).toBe('oauth_not_configured');
  });
});
