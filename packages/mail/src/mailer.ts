import { type Logger, PreconditionFailedError } from '@modelgate/runtime';
import { createTransport } from 'nodemailer';
import type { TypedOptionReader } from '@modelgate/db';
import { type SmtpSettings, smtpSettingsFrom } from './smtp-settings';

/** One mail: both an HTML and a plain-text body, so any client (and any test) can read it. */
export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** Sends mail; the account flows depend on this interface, not on SMTP. */
export interface MailSender {
  /** Whether mail can be sent at all (the SMTP server is configured). */
  isConfigured(): boolean;
  /** Sends `message`; rejects with a clear PreconditionFailedError when it cannot. */
  send(message: MailMessage): Promise<void>;
}

/** Messages of mail failures, the reference's where it has one. */
export const MailError = {
  notConfigured: 'SMTP 服务器未配置',
  failed: '邮件发送失败，请稍后重试或联系管理员',
} as const;

/** Bounds on each SMTP phase, so a dead server fails the request well within its deadline. */
const TIMEOUTS = { connectionTimeout: 8_000, greetingTimeout: 8_000, socketTimeout: 12_000 };

/**
 * Sends mail over SMTP with nodemailer, reading the SMTP options for every mail so a change in
 * the settings page applies to the next one. Port 465 (or `SMTPSSLEnabled`) means implicit TLS;
 * otherwise the connection is upgraded with STARTTLS when the server offers it. The cause of a
 * failure is logged for the administrator; the caller only learns that sending failed.
 */
export class SmtpMailer implements MailSender {
  constructor(
    private readonly options: TypedOptionReader,
    private readonly logger: Logger,
  ) {}

  isConfigured(): boolean {
    return smtpSettingsFrom(this.options) !== undefined;
  }

  async send(message: MailMessage): Promise<void> {
    const settings = smtpSettingsFrom(this.options);
    if (!settings) throw new PreconditionFailedError(MailError.notConfigured, { code: 'smtp_not_configured' });
    const transport = createTransport(transportOptions(settings));
    try {
      await transport.sendMail({
        from: { name: settings.senderName, address: settings.from },
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    } catch (error) {
      this.logger.error({ err: error, host: settings.host, port: settings.port }, 'cannot send mail');
      throw new PreconditionFailedError(MailError.failed, { code: 'mail_failed', cause: error });
    } finally {
      transport.close();
    }
  }
}

function transportOptions(settings: SmtpSettings) {
  return {
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    ...(settings.user === '' ? {} : { auth: { user: settings.user, pass: settings.pass } }),
    ...TIMEOUTS,
  };
}
