import { SmtpSink } from '../support/smtp-sink';
import { type AccountsHarness, codeIn, ok, startAccountsHarness } from './accounts-fixtures';

jest.setTimeout(60_000);

describe('email codes: /api/verification, registration with verification, /api/oauth/email/bind', () => {
  let h: AccountsHarness;

  beforeAll(async () => {
    h = await startAccountsHarness({ EmailVerificationEnabled: 'true' });
  });
  afterAll(async () => {
    await h?.stop();
  });

  const askCode = (email: string) => h.browser().get(`/api/verification?email=${encodeURIComponent(email)}`);
  /** Asks for a code and reads it from the mail that arrives. */
  const mailedCode = async (email: string) => {
    const before = h.smtp.mailsTo(email).length;
    ok(await askCode(email));
    return codeIn((await h.smtp.waitForMail(email, before + 1)).text);
  };
  const register = (body: Record<string, unknown>) => h.browser().post('/api/user/register', body);

  it('mails a 6-digit code valid 10 minutes, stored only as a hash', async () => {
    const res = await askCode('Ivy@Example.com');
    expect(res.body).toEqual({ success: true, message: '' });
    const mail = await h.smtp.waitForMail('ivy@example.com');
    expect(mail.from).toBe('noreply@modelgate.test');
    expect(mail.headers.from).toBe('Modelgate <noreply@modelgate.test>');
    expect(mail.subject).toBe('Modelgate邮箱验证邮件');
    expect(mail.text).toContain('验证码 10 分钟内有效');
    const code = codeIn(mail.text);
    expect(mail.html).toContain(`<strong>${code}</strong>`);
    const [row] = await h.api.query(
      `SELECT target, code_hash, extract(epoch FROM expires_at - created_at) AS ttl FROM verification_codes WHERE purpose = 'email_verification'`,
    );
    expect(row).toMatchObject({ target: 'ivy@example.com', ttl: '600.000000' });
    expect(row.code_hash).not.toContain(code);
  });

  it('registers with a mailed code once; the code cannot be reused', async () => {
    const form = { username: 'ivy', password: 'password1' };
    expect((await register(form)).body.message).toBe('管理员开启了邮箱验证，请输入邮箱地址和验证码');
    expect((await register({ ...form, email: 'jack@example.com' })).body.message).toBe('管理员开启了邮箱验证，请输入邮箱地址和验证码');
    const code = await mailedCode('jack@example.com');
    expect((await register({ ...form, email: 'jack@example.com', verification_code: '000000' === code ? '111111' : '000000' })).body.message).toBe(
      '验证码错误或已过期',
    );
    ok(await register({ ...form, email: 'jack@example.com', verification_code: code }));
    expect(await h.row('ivy')).toMatchObject({ email: 'jack@example.com' });
    expect((await register({ username: 'ivy2', password: 'password1', email: 'jack@example.com', verification_code: code })).body.message).toBe(
      '验证码错误或已过期',
    );
    ok(await h.browser().login('jack@example.com', 'password1'));
  });

  it('refuses an address taken after its code was mailed, keeping the code usable', async () => {
    const code = await mailedCode('kim@example.com');
    await h.api.query(`UPDATE users SET email = 'kim@example.com' WHERE username = 'ivy'`);
    const form = { username: 'kim', password: 'password1', email: 'kim@example.com', verification_code: code };
    expect((await register(form)).body.message).toBe('邮箱地址已被占用');
    await h.api.query(`UPDATE users SET email = 'jack@example.com' WHERE username = 'ivy'`);
    ok(await register(form));
  });

  it('refuses an expired code, a code for another address, and a code after five wrong guesses', async () => {
    const expired = await mailedCode('kate@example.com');
    await h.api.query(`UPDATE verification_codes SET expires_at = now() - interval '1 second' WHERE target = 'kate@example.com'`);
    const form = { username: 'kate', password: 'password1', email: 'kate@example.com' };
    expect((await register({ ...form, verification_code: expired })).body.message).toBe('验证码错误或已过期');

    const other = await mailedCode('liam@example.com');
    expect((await register({ ...form, verification_code: other })).body.message).toBe('验证码错误或已过期');

    const code = await mailedCode('mia@example.com');
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i++) {
      expect((await register({ ...form, email: 'mia@example.com', verification_code: wrong })).body.message).toBe('验证码错误或已过期');
    }
    expect((await register({ ...form, email: 'mia@example.com', verification_code: code })).body.message).toBe('验证码错误或已过期');
    expect(await h.row('kate')).toBeUndefined();
  });

  it('keeps a code usable when the registration fails for another reason', async () => {
    await h.register('taken', 'password1', { email: 'nina@example.com', verification_code: await mailedCode('nina@example.com') });
    const code = await mailedCode('olga@example.com');
    const form = { password: 'password1', email: 'olga@example.com', verification_code: code };
    expect((await register({ ...form, username: 'taken' })).body.message).toBe('用户名已存在，或已注销');
    ok(await register({ ...form, username: 'olga' }));
  });

  it('checks the address: syntax, domain whitelist and aliases', async () => {
    for (const bad of ['', 'not-an-email', 'a@b', 'two@@example.com']) {
      expect((await askCode(bad)).body).toEqual({ success: false, message: '无效的参数' });
    }
    expect((await h.browser().get('/api/verification?email=a@example.com&email=b@example.com')).body.message).toBe('无效的参数');
    await h.api.setOptions({ EmailDomainRestrictionEnabled: 'true', EmailDomainWhitelist: 'example.com, Example.org' });
    expect((await askCode('pat@gmail.com')).body.message).toBe(
      "The administrator has enabled the email domain name whitelist, and your email address is not allowed due to special symbols or it's not in the whitelist.",
    );
    ok(await askCode('pat@example.org'));
    await h.api.setOptions({ EmailDomainRestrictionEnabled: 'false', EmailAliasRestrictionEnabled: 'true' });
    for (const alias of ['pat+spam@example.com', 'p.a.t@example.com']) {
      expect((await askCode(alias)).body.message).toBe('管理员已启用邮箱地址别名限制，您的邮箱地址由于包含特殊符号而被拒绝。');
    }
    await h.api.setOptions({ EmailAliasRestrictionEnabled: 'false' });
  });

  it('answers the same whether or not an account holds the address, and tells its owner instead of sending a code', async () => {
    await h.register('wendy', 'password1', { email: 'wendy@example.com', verification_code: await mailedCode('wendy@example.com') });
    await h.api.query(`UPDATE verification_codes SET created_at = created_at - interval '31 seconds' WHERE target = 'wendy@example.com'`);
    const wendyMails = h.smtp.mailsTo('wendy@example.com').length;
    const free = await askCode('vera@example.com');
    const taken = await askCode('Wendy@example.com');
    expect([taken.status, taken.body]).toEqual([free.status, free.body]);
    expect(free.body).toEqual({ success: true, message: '' });
    codeIn((await h.smtp.waitForMail('vera@example.com')).text);
    const notice = await h.smtp.waitForMail('wendy@example.com', wendyMails + 1);
    expect(notice.subject).toBe('Modelgate邮箱验证邮件');
    expect(notice.text).toContain('此邮箱地址已属于一个Modelgate账户，因此没有发送验证码');
    expect(notice.text).not.toMatch(/\d{6}/);

    // Throttled alike, and what stands in for the code redeems nothing.
    const again = [await askCode('vera@example.com'), await askCode('wendy@example.com')];
    expect(again.map((res) => [res.status, res.body.message.replace(/\d+/, 'N')])).toEqual([
      [429, '发送过于频繁，请 N 秒后再试'],
      [429, '发送过于频繁，请 N 秒后再试'],
    ]);
    for (const guess of ['000000', '123456', '999999']) {
      const probe = await register({ username: 'probe', password: 'password1', email: 'wendy@example.com', verification_code: guess });
      expect(probe.body.message).toBe('验证码错误或已过期');
    }
  });

  it('throttles resends to one per address every 30 seconds', async () => {
    ok(await askCode('quinn@example.com'));
    const again = await askCode('quinn@example.com');
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/^发送过于频繁，请 (30|29|28) 秒后再试$/);
    await h.api.query(`UPDATE verification_codes SET created_at = created_at - interval '31 seconds' WHERE target = 'quinn@example.com'`);
    ok(await askCode('quinn@example.com'));
  });

  it('says so when SMTP is not configured or delivery fails, and keeps no undelivered code', async () => {
    await h.api.setOptions({ SMTPServer: '' });
    expect((await askCode('rose@example.com')).body).toEqual({ success: false, message: 'SMTP 服务器未配置' });
    await h.api.setOptions({ SMTPServer: '127.0.0.1' });
    h.smtp.rejecting = true;
    try {
      expect((await askCode('rose@example.com')).body).toEqual({ success: false, message: '邮件发送失败，请稍后重试或联系管理员' });
    } finally {
      h.smtp.rejecting = false;
    }
    expect(await h.api.query(`SELECT 1 FROM verification_codes WHERE target = 'rose@example.com'`)).toEqual([]);
    ok(await askCode('rose@example.com'));
  });

  it('logs in to the SMTP server with the account and token', async () => {
    const secured = await SmtpSink.start({ credentials: { user: 'mailer@modelgate.test', pass: 's3cret' } });
    try {
      await h.api.setOptions(secured.options({ SMTPAccount: 'mailer@modelgate.test', SMTPToken: 's3cret', SMTPFrom: '' }));
      ok(await askCode('sam@example.com'));
      const mail = await secured.waitForMail('sam@example.com');
      expect([mail.authUser, mail.from]).toEqual(['mailer@modelgate.test', 'mailer@modelgate.test']);
      await h.api.setOptions({ SMTPToken: 'wrong' });
      expect((await askCode('tom@example.com')).body.message).toBe('邮件发送失败，请稍后重试或联系管理员');
    } finally {
      await h.api.setOptions(h.smtp.options());
      await secured.stop();
    }
  });

  it('binds an email to the signed-in user with a mailed code', async () => {
    await h.register('uma', 'password1', { email: 'uma@example.com', verification_code: await mailedCode('uma@example.com') });
    const browser = await h.signedIn('uma', 'password1');
    const bind = (email: string, code: string) =>
      browser.get(`/api/oauth/email/bind?email=${encodeURIComponent(email)}&code=${encodeURIComponent(code)}`);

    const code = await mailedCode('uma.new@example.com');
    expect((await bind('uma.new@example.com', '')).body.message).toBe('验证码错误或已过期');
    expect((await bind('', code)).body.message).toBe('无效的参数');
    expect((await bind('uma.new@example.com', code === '123456' ? '654321' : '123456')).body.message).toBe('验证码错误或已过期');
    // Whether an account holds an address is not told without a valid code for it.
    expect((await bind('JACK@example.com', code)).body.message).toBe('验证码错误或已过期');
    expect(ok(await bind('Uma.New@example.com', code)).body).toEqual({ success: true, message: '' });
    expect(await h.row('uma')).toMatchObject({ email: 'uma.new@example.com' });
    expect((await bind('uma.new@example.com', code)).body.message).toBe('验证码错误或已过期');

    const anonymous = await h.browser().get(`/api/oauth/email/bind?email=x@example.com&code=${code}`);
    expect(anonymous.status).toBe(401);
  });
});
