import type { MailMessage } from '@modelgate/mail';

/** Escapes text for an HTML body (system names and links are set by administrators). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The mail carrying a 6-character email verification code (the reference's wording). */
export function verificationCodeMail(to: string, systemName: string, code: string, validMinutes: number): MailMessage {
  const name = escapeHtml(systemName);
  return {
    to,
    subject: `${systemName}邮箱验证邮件`,
    html:
      `<p>您好，你正在进行${name}邮箱验证。</p>` +
      `<p>您的验证码为: <strong>${escapeHtml(code)}</strong></p>` +
      `<p>验证码 ${validMinutes} 分钟内有效，如果不是本人操作，请忽略。</p>`,
    text:
      `您好，你正在进行${systemName}邮箱验证。\n` +
      `您的验证码为: ${code}\n` +
      `验证码 ${validMinutes} 分钟内有效，如果不是本人操作，请忽略。\n`,
  };
}

/**
 * What a code request for an address that already has an account mails instead of a code: the
 * answer to the request is the same either way (it must not tell who is registered), so the owner
 * of the address is told what happened and how to sign in.
 */
export function addressInUseMail(to: string, systemName: string): MailMessage {
  const name = escapeHtml(systemName);
  return {
    to,
    subject: `${systemName}邮箱验证邮件`,
    html:
      `<p>您好，有人正在使用此邮箱地址在${name}注册或绑定账户，但此邮箱地址已属于一个${name}账户，因此没有发送验证码。</p>` +
      `<p>如果是您本人操作，请直接使用此邮箱登录；如果忘记了密码，可以在登录页重置密码。如果不是本人操作，请忽略。</p>`,
    text:
      `您好，有人正在使用此邮箱地址在${systemName}注册或绑定账户，但此邮箱地址已属于一个${systemName}账户，因此没有发送验证码。\n` +
      `如果是您本人操作，请直接使用此邮箱登录；如果忘记了密码，可以在登录页重置密码。如果不是本人操作，请忽略。\n`,
  };
}

/** The mail carrying a password-reset link (the reference's wording). */
export function passwordResetMail(to: string, systemName: string, link: string, validMinutes: number): MailMessage {
  const name = escapeHtml(systemName);
  const href = escapeHtml(link);
  return {
    to,
    subject: `${systemName}密码重置`,
    html:
      `<p>您好，你正在进行${name}密码重置。</p>` +
      `<p>点击 <a href="${href}">此处</a> 进行密码重置。</p>` +
      `<p>如果链接无法点击，请尝试点击下面的链接或将其复制到浏览器中打开：<br> ${href} </p>` +
      `<p>重置链接 ${validMinutes} 分钟内有效，如果不是本人操作，请忽略。</p>`,
    text:
      `您好，你正在进行${systemName}密码重置。\n` +
      `请将下面的链接复制到浏览器中打开：\n${link}\n` +
      `重置链接 ${validMinutes} 分钟内有效，如果不是本人操作，请忽略。\n`,
  };
}
