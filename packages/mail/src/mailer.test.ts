import type { AddressInfo } from 'node:net';
import { createLogger, PreconditionFailedError } from '@modelgate/runtime';
import { SMTPServer } from 'smtp-server';
import { FixedOptions } from '@modelgate/db';
import { SmtpMailer } from './mailer';

const logger = createLogger({ service: 'mailer-test', level: 'silent' });

describe('SmtpMailer', () => {
  let server: SMTPServer;
  let port: number;
  let refuse = false;
  const received: Array<{ from: string; to: string[]; raw: string }> = [];

  beforeAll(async () => {
    server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo: (_address, _session, callback) => callback(refuse ? new Error('no such mailbox') : undefined),
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const mailerWith = (values: Record<string, string>) =>
    new SmtpMailer(new FixedOptions(values), logger);
  const configured = () => ({ SMTPServer: '127.0.0.1', SMTPPort: String(port), SMTPFrom: 'gate@example.com', SystemName: 'Gate' });
  const message = { to: 'ann@example.com', subject: '验证', text: 'code 123456', html: '<p>code 123456</p>' };

  it('sends a text and HTML mail from the configured sender', async () => {
    const mailer = mailerWith(configured());
    expect(mailer.isConfigured()).toBe(true);
    await mailer.send(message);
    const mail = received.at(-1)!;
    expect([mail.from, mail.to]).toEqual(['gate@example.com', ['ann@example.com']]);
    expect(mail.raw).toMatch(/^From: Gate <gate@example\.com>$/m);
    expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(mail.raw).toContain('text/plain');
    expect(mail.raw).toContain('text/html');
  });

  it('says SMTP is not configured without a server', async () => {
    const mailer = mailerWith({ ...configured(), SMTPServer: '' });
    expect(mailer.isConfigured()).toBe(false);
    await expect(mailer.send(message)).rejects.toThrow(new PreconditionFailedError('SMTP 服务器未配置'));
  });

  it('reports a refused or unreachable delivery without its technical cause', async () => {
    refuse = true;
    try {
      await expect(mailerWith(configured()).send(message)).rejects.toMatchObject({
        code: 'mail_failed',
        message: '邮件发送失败，请稍后重试或联系管理员',
      });
    } finally {
      refuse = false;
    }
    const closed = mailerWith({ ...configured(), SMTPPort: '1' });
    await expect(closed.send(message)).rejects.toMatchObject({ code: 'mail_failed' });
  });
});
