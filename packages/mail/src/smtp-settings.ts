import type { OptionReader } from '@modelgate/db';

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

/** Port used when `SMTPPort` is empty or not a port number (the settings page's placeholder). */
export const DEFAULT_SMTP_PORT = 587;
/** The port of SMTP over implicit TLS (SMTPS). */
export const SMTPS_PORT = 465;

/**
 * The SMTP settings from the options, or undefined when mail is not configured (no server, or no
 * sender address at all).
 */
export function smtpSettingsFrom(options: OptionReader): SmtpSettings | undefined {
  const host = options.get('SMTPServer').trim();
  const user = options.get('SMTPAccount').trim();
  const from = options.get('SMTPFrom').trim() || user;
  if (host === '' || from === '') return undefined;
  const parsedPort = Number(options.get('SMTPPort').trim());
  const port = Number.isInteger(parsedPort) && parsedPort > 0 && parsedPort < 65_536 ? parsedPort : DEFAULT_SMTP_PORT;
  return {
    host,
    port,
    secure: port === SMTPS_PORT || options.get('SMTPSSLEnabled') === 'true',
    user,
    pass: options.get('SMTPToken'),
    from,
    senderName: options.get('SystemName').trim() || 'Modelgate',
  };
}
