import { DEFAULT_OPTIONS, type TypedOptionReader } from '@modelgate/db';

/** Where and how mail is sent, read from the SMTP options when a mail is about to go out. */
export interface SmtpSettings {
  host: string;
  port: number;
  /** Implicit TLS from the first byte: forced on port 465, else `SMTPSSLEnabled`. */
  secure: boolean;
  /** SMTP login; no authentication when empty. */
  user: string;
  pass: string;
  /** Envelope and header sender: `SMTPFrom`, else the account (the reference's fallback). */
  from: string;
  /** Display name of the sender: the system name. */
  senderName: string;
}

/** Port used when `SMTPPort` is empty or not a port number: the option's default. */
export const DEFAULT_SMTP_PORT = Number(DEFAULT_OPTIONS.SMTPPort);
/** The port of SMTP over implicit TLS (SMTPS). */
export const SMTPS_PORT = 465;

/**
 * The SMTP settings from the options, or undefined when mail is not configured (no server, or no
 * sender address at all).
 */
export function smtpSettingsFrom(options: TypedOptionReader): SmtpSettings | undefined {
  const host = options.value('SMTPServer').trim();
  const user = options.value('SMTPAccount').trim();
  const from = options.value('SMTPFrom').trim() || user;
  if (host === '' || from === '') return undefined;
  const port = options.value('SMTPPort');
  return {
    host,
    port,
    secure: port === SMTPS_PORT || options.value('SMTPSSLEnabled'),
    user,
    pass: options.value('SMTPToken'),
    from,
    senderName: options.value('SystemName').trim() || 'Modelgate',
  };
}
