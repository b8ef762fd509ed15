import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

/** One mail the sink received, decoded enough for tests to read it. */
export interface ReceivedMail {
  /** Envelope sender and recipients (lower-cased). */
  from: string;
  to: string[];
  /** The SMTP user the client authenticated as; empty without authentication. */
  authUser: string;
  /** Header fields (names lower-cased, encoded words decoded). */
  headers: Record<string, string>;
  subject: string;
  /** The text/plain and text/html parts, transfer encoding undone. */
  text: string;
  html: string;
  raw: string;
}

/** Options of {@link SmtpSink.start}. */
export interface SmtpSinkOptions {
  /** Required login; authentication is optional when omitted. */
  credentials?: { user: string; pass: string };
}

/**
 * A real SMTP server on 127.0.0.1 (any free port) that keeps what it receives, for tests of the
 * mail flows end to end: nodemailer in identity talks SMTP to it exactly as to a provider.
 * Plain SMTP without STARTTLS (tests configure port ≠ 465 and SSL off). `rejecting` makes it
 * refuse every recipient, to test delivery failures.
 */
export class SmtpSink {
  readonly mails: ReceivedMail[] = [];
  /** While true, every RCPT TO is refused (a failing provider). */
  rejecting = false;
  private waiters: Array<() => void> = [];

  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
  ) {}

  /** Starts a sink on a free port of 127.0.0.1. */
  static async start(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
    let sink: SmtpSink | undefined;
    const credentials = options.credentials;
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      authOptional: credentials === undefined,
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        if (credentials && auth.username === credentials.user && auth.password === credentials.pass) {
          return callback(null, { user: auth.username });
        }
        return callback(new Error('Invalid username or password'));
      },
      onRcptTo(_address, _session, callback) {
        if (sink?.rejecting) return callback(new Error('mailbox unavailable'));
        return callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          sink?.receive(raw, session);
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const port = (server.server.address() as AddressInfo).port;
    sink = new SmtpSink(server, port);
    return sink;
  }

  /** The SMTP options pointing identity at this sink. */
  options(overrides: Record<string, string> = {}): Record<string, string> {
    return {
      SMTPServer: '127.0.0.1',
      SMTPPort: String(this.port),
      SMTPSSLEnabled: 'false',
      SMTPAccount: '',
      SMTPToken: '',
      SMTPFrom: 'noreply@modelgate.test',
      ...overrides,
    };
  }

  /** Mails received for `address`, oldest first. */
  mailsTo(address: string): ReceivedMail[] {
    return this.mails.filter((mail) => mail.to.includes(address.toLowerCase()));
  }

  /** Waits until `count` mails have arrived for `address` and returns the latest. */
  async waitForMail(address: string, count = 1, timeoutMs = 5_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    while (this.mailsTo(address).length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no mail #${count} for ${address} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.mailsTo(address).at(count - 1)!;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private receive(raw: string, session: SMTPServerSession): void {
    const parsed = parseMessage(raw);
    this.mails.push({
      from: session.envelope.mailFrom ? session.envelope.mailFrom.address.toLowerCase() : '',
      to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
      authUser: session.user ?? '',
      headers: parsed.headers,
      subject: parsed.headers.subject ?? '',
      text: parsed.text,
      html: parsed.html,
      raw,
    });
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}

interface ParsedPart {
  headers: Record<string, string>;
  text: string;
  html: string;
}

/** Splits a message (or part) into unfolded, decoded headers and its body. */
function splitHeaders(source: string): { headers: Record<string, string>; body: string } {
  const normalised = source.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeEncodedWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`), adjacent ones joined. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g, (_match, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const joined = text.replace(/=\n/g, '');
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      return body;
  }
}

/** A MIME message's headers and its text and HTML bodies (nested multiparts walked). */
export function parseMessage(source: string): ParsedPart {
  const { headers, body } = splitHeaders(source);
  const contentType = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (/^multipart\//i.test(contentType) && boundary) {
    const result: ParsedPart = { headers, text: '', html: '' };
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      const part = parseMessage(section.replace(/^\n/, ''));
      result.text ||= part.text;
      result.html ||= part.html;
    }
    return result;
  }
  const decoded = decodeBody(body, headers['content-transfer-encoding'] ?? '7bit').replace(/\n$/, '');
  return /^text\/html/i.test(contentType)
    ? { headers, text: '', html: decoded }
    : { headers, text: decoded, html: '' };
}
