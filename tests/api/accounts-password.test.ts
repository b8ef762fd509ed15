import type { ApiClient } from '../support/api-client';
import { type AccountsHarness, ok, startAccountsHarness } from './accounts-fixtures';

jest.setTimeout(60_000);

const INVALID_ACCESS_TOKEN = { success: false, message: '无权进行此操作，access token 无效' };

/** A tool holding a fresh system access token of `browser`'s user (and no session). */
async function accessTokenClient(h: AccountsHarness, browser: ApiClient): Promise<ApiClient> {
  const token = ok(await browser.get('/api/user/token')).body.data as string;
  const tool = h.browser();
  tool.userId = browser.userId;
  tool.headers.Authorization = token;
  ok(await tool.get('/api/user/self'));
  return tool;
}

/** The reset link in a reset mail's text. */
function linkIn(text: string): URL {
  const match = /(https?:\/\/\S+\/user\/reset\?\S+)/.exec(text);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return new URL(match[1]!);
}

describe('password reset: /api/reset_password and /api/user/reset', () => {
  let h: AccountsHarness;
  let userId: number;

  beforeAll(async () => {
    h = await startAccountsHarness({ ServerAddress: 'https://gate.example.com/' });
    userId = await h.register('victor', 'old-password');
    await h.api.query(`UPDATE users SET email = 'victor@example.com' WHERE id = $1`, [userId]);
  });
  afterAll(async () => {
    await h?.stop();
  });

  const askReset = (email: string) => h.browser().get(`/api/reset_password?email=${encodeURIComponent(email)}`);
  const redeem = (body: unknown) => h.browser().post('/api/user/reset', body);
  /** Asks for a link (after the previous one's 30-second throttle) and reads it from the mail. */
  const mailedLink = async (email: string) => {
    await h.api.query(`UPDATE verification_codes SET created_at = created_at - interval '1 minute' WHERE purpose = 'password_reset'`);
    const before = h.smtp.mailsTo(email).length;
    ok(await askReset(email));
    return linkIn((await h.smtp.waitForMail(email, before + 1)).text);
  };

  it('mails a one-time link; redeeming it sets a new password, signs the user out everywhere and revokes the access token', async () => {
    const laptop = await h.signedIn('victor', 'old-password');
    const phone = await h.signedIn('victor', 'old-password');
    const tool = await accessTokenClient(h, laptop);
    const link = await mailedLink('victor@example.com');
    const mail = h.smtp.mailsTo('victor@example.com').at(-1)!;
    expect(mail.subject).toBe('Modelgate密码重置');
    expect(mail.html).toContain(`href="${link.href.replace(/&/g, '&#38;')}"`);
    expect(`${link.origin}${link.pathname}`).toBe('https://gate.example.com/user/reset');
    expect(link.searchParams.get('email')).toBe('victor@example.com');
    expect(link.searchParams.get('token')).toMatch(/^[0-9a-f]{32}$/);

    const res = ok(await redeem({ email: link.searchParams.get('email'), token: link.searchParams.get('token') }));
    const password = res.body.data as string;
    expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
    expect((await laptop.get('/api/user/self')).status).toBe(401);
    expect((await phone.get('/api/user/self')).status).toBe(401);
    expect(await h.sessionCount(userId)).toBe(0);
    expect((await tool.get('/api/user/self')).body).toEqual(INVALID_ACCESS_TOKEN);
    ok(await h.browser().login('victor', password));
    expect((await h.browser().post('/api/user/login', { username: 'victor', password: 'old-password' })).body.success).toBe(false);

    const again = await redeem({ email: 'victor@example.com', token: link.searchParams.get('token') });
    expect(again.body).toEqual({ success: false, message: '重置链接非法或已过期' });
  });

  it('answers the same for an address no account holds, and sends nothing', async () => {
    const res = await askReset('nobody@example.com');
    expect(res.body).toEqual({ success: true, message: '' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(h.smtp.mailsTo('nobody@example.com')).toEqual([]);
    expect((await askReset('not-an-address')).body).toEqual({ success: false, message: '无效的参数' });
    expect((await askReset('')).body).toEqual({ success: false, message: '无效的参数' });
  });

  it('refuses wrong, expired and stale links, and malformed requests', async () => {
    const link = await mailedLink('victor@example.com');
    const token = link.searchParams.get('token')!;
    expect((await redeem({ email: 'victor@example.com', token: 'f'.repeat(32) })).body.message).toBe('重置链接非法或已过期');
    expect((await redeem({ email: 'other@example.com', token })).body.message).toBe('重置链接非法或已过期');
    expect((await redeem({ email: 'victor@example.com' })).body.message).toBe('无效的参数');
    expect((await redeem({ email: 'victor@example.com', token: 42 })).body.message).toBe('无效的参数');
    expect((await h.browser().raw('POST', '/api/user/reset', '{"email"')).body.message).toBe('invalid JSON in request body');

    await h.api.query(`UPDATE verification_codes SET expires_at = now() - interval '1 second' WHERE purpose = 'password_reset'`);
    expect((await redeem({ email: 'victor@example.com', token })).body.message).toBe('重置链接非法或已过期');

    // A link stops working once the account no longer holds the address.
    const fresh = (await mailedLink('victor@example.com')).searchParams.get('token')!;
    await h.api.query(`UPDATE users SET email = 'victor@new.example.com' WHERE id = $1`, [userId]);
    expect((await redeem({ email: 'victor@example.com', token: fresh })).body.message).toBe('重置链接非法或已过期');
    await h.api.query(`UPDATE users SET email = 'victor@example.com' WHERE id = $1`, [userId]);
  });

  it('sends at most one link per address every 30 seconds, without saying so', async () => {
    await mailedLink('victor@example.com');
    const count = h.smtp.mailsTo('victor@example.com').length;
    expect((await askReset('victor@example.com')).body).toEqual({ success: true, message: '' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(h.smtp.mailsTo('victor@example.com')).toHaveLength(count);
  });
});

describe('PUT /api/user/self: password and profile changes', () => {
  let h: AccountsHarness;
  let wendyId: number;

  beforeAll(async () => {
    h = await startAccountsHarness();
    wendyId = await h.register('wendy', 'password-one');
    await h.register('xavier', 'password-one');
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('changes the password and ends the other sessions and the access token, keeping the current session', async () => {
    const current = await h.signedIn('wendy', 'password-one');
    const other = await h.signedIn('wendy', 'password-one');
    const tool = await accessTokenClient(h, current);
    const change = { password: 'password-two', original_password: 'password-one' };
    expect(ok(await current.put('/api/user/self', change)).body).toEqual({ success: true, message: '' });
    expect((await current.get('/api/user/self')).status).toBe(200);
    expect((await other.get('/api/user/self')).status).toBe(401);
    expect(await h.sessionCount(wendyId)).toBe(1);
    expect((await tool.get('/api/user/self')).body).toEqual(INVALID_ACCESS_TOKEN);
    expect((await h.row('wendy')).access_token).toBeNull();
    ok(await h.browser().login('wendy', 'password-two'));
    expect((await h.browser().post('/api/user/login', { username: 'wendy', password: 'password-one' })).body.success).toBe(false);
  });

  it('applies the password rules and requires the current password', async () => {
    const browser = await h.signedIn('wendy', 'password-two');
    expect((await browser.put('/api/user/self', { password: 'short' })).body.message).toBe('密码长度不得小于 8 位！');
    expect((await browser.put('/api/user/self', { password: 'p'.repeat(21) })).body.message).toBe('密码长度不得超过 20 位！');
    // A signed-in browser alone (left open, or taken over) cannot change the password.
    expect((await browser.put('/api/user/self', { password: 'password-three' })).body).toEqual({ success: false, message: '原密码错误' });
    const wrong = await browser.put('/api/user/self', { password: 'password-three', original_password: 'not-it' });
    expect(wrong.body.message).toBe('原密码错误');
    ok(await h.browser().login('wendy', 'password-two'));
    ok(await browser.put('/api/user/self', { password: 'password-three', original_password: 'password-two' }));
    ok(await h.browser().login('wendy', 'password-three'));
  });

  it('needs the current password through an access token too, then ends every session and the token', async () => {
    const browser = await h.signedIn('wendy', 'password-three');
    const tool = await accessTokenClient(h, browser);
    expect((await tool.put('/api/user/self', { password: 'password-four' })).body).toEqual({ success: false, message: '原密码错误' });
    expect((await tool.put('/api/user/self', { username: 'tokenthief' })).body).toEqual({ success: false, message: '原密码错误' });
    expect(await h.row('wendy')).toMatchObject({ id: wendyId });
    ok(await browser.get('/api/user/self'));

    ok(await tool.put('/api/user/self', { password: 'password-four', original_password: 'password-three' }));
    expect((await browser.get('/api/user/self')).status).toBe(401);
    expect(await h.sessionCount(wendyId)).toBe(0);
    expect((await tool.get('/api/user/self')).body).toEqual(INVALID_ACCESS_TOKEN);
  });

  it('changes the username (with the current password) and display name, keeping usernames unique', async () => {
    const browser = await h.signedIn('wendy', 'password-four');
    expect((await browser.put('/api/user/self', { username: 'wendy2' })).body).toEqual({ success: false, message: '原密码错误' });
    // Nor does anyone without the password learn which names are taken.
    expect((await browser.put('/api/user/self', { username: 'xavier' })).body.message).toBe('原密码错误');
    // The display name needs no password, and the own username sent unchanged is no change.
    ok(await browser.put('/api/user/self', { username: 'wendy', display_name: 'Wendy' }));
    const withPassword = { original_password: 'password-four' };
    ok(await browser.put('/api/user/self', { username: 'wendy2', display_name: '  Wendy W.  ', ...withPassword }));
    expect(await h.row('wendy2')).toMatchObject({ id: wendyId, display_name: 'Wendy W.' });
    ok(await h.browser().login('wendy2', 'password-four'));
    expect((await browser.put('/api/user/self', { username: 'xavier', ...withPassword })).body.message).toBe('用户名已存在，或已注销');
    expect((await browser.put('/api/user/self', { username: 'a'.repeat(13) })).body.message).toBe('用户名长度不得超过 12 位！');
    expect((await browser.put('/api/user/self', { display_name: 'd'.repeat(21) })).body.message).toBe('显示名称长度不得超过 20 位！');
    // Empty fields and an empty body change nothing (the reference's semantics).
    ok(await browser.put('/api/user/self', { username: '', display_name: '', password: '' }));
    ok(await browser.put('/api/user/self', {}));
    expect(await h.row('wendy2')).toMatchObject({ display_name: 'Wendy W.' });
  });

  it('lets an account signed up through a third party, which has no password, set its first one', async () => {
    const [{ id }] = await h.api.query(
      `INSERT INTO users (username, password, display_name, role, status, github_id) VALUES ('github_77', '', 'Octo', 1, 1, '77') RETURNING id`,
    );
    const browser = await h.api.signedInAs(Number(id));
    ok(await browser.put('/api/user/self', { password: 'first-password' }));
    ok(await h.browser().login('github_77', 'first-password'));
    // From then on, the password it has is required.
    expect((await browser.put('/api/user/self', { password: 'second-password' })).body.message).toBe('原密码错误');
  });

  it('answers wrong types and malformed JSON with envelope errors', async () => {
    const browser = await h.signedIn('xavier', 'password-one');
    expect((await browser.put('/api/user/self', { password: 12345678 })).body).toEqual({ success: false, message: '无效的参数' });
    expect((await browser.put('/api/user/self', { username: { $ne: '' } })).body.message).toBe('无效的参数');
    const broken = await browser.raw('PUT', '/api/user/self', '{"password":');
    expect([broken.status, broken.body.message]).toEqual([200, 'invalid JSON in request body']);
  });

  it('stops flagging the default password once root changes it', async () => {
    const root = await h.root();
    ok(await root.put('/api/user/self', { password: 'a-new-root-pass', original_password: '123456' }));
    const res = ok(await h.browser().post('/api/user/login', { username: 'root', password: 'a-new-root-pass' }));
    expect([res.body.message, res.body.data.default_password]).toEqual(['', false]);
  });
});
