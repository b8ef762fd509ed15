/**
 * `@modelgate/mail`: sends mail over SMTP with the settings of the options table, read for every
 * mail. Identity sends account mail with it; billing sends low-quota notices.
 */
export { MailError, SmtpMailer, type MailMessage, type MailSender } from './mailer';
export { DEFAULT_SMTP_PORT, SMTPS_PORT, smtpSettingsFrom, type SmtpSettings } from './smtp-settings';
