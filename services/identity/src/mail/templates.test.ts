import { resetLink } from '../accounts/password-reset';
import { escapeHtml, passwordResetMail, verificationCodeMail } from './templates';

describe('mail templates', () => {
  it('escapes what administrators and users control', () => {
    expect(escapeHtml(`<b>"x" & 'y'</b>`)).toBe('&#60;b&#62;&#34;x&#34; &#38; &#39;y&#39;&#60;/b&#62;');
    const mail = verificationCodeMail('a@b.co', '<Gate>', '123456', 10);
    expect(mail.subject).toBe('<Gate>邮箱验证邮件');
    expect(mail.html).toContain('&#60;Gate&#62;');
    expect(mail.html).not.toContain('<Gate>');
    expect(mail.text).toContain('您的验证码为: 123456');
  });

  it('builds the reset link on the server address, without a doubled slash', () => {
    const link = resetLink('https://gate.example.com//', 'a+b@c.co', 'f'.repeat(32));
    expect(link).toBe(`https://gate.example.com/user/reset?email=a%2Bb%40c.co&token=${'f'.repeat(32)}`);
    const mail = passwordResetMail('a+b@c.co', 'Gate', link, 10);
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link.replace(/&/g, '&#38;')}"`);
  });
});
