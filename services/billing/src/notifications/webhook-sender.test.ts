import { OutboundPolicy } from '@modelgate/runtime/outbound';
import { WebhookRefusedError, WebhookSender, httpsUrlOf, type WebhookPayload } from './webhook-sender';
import { startTestHttpsServer, type TestHttpsServer } from '@modelgate/testkit/https';

const payload: WebhookPayload = {
  type: 'quota_exceed',
  title: 'Quota low',
  content: 'left {{value}}, top up at {{value}}',
  values: ['$0.10', 'https://gate.test/topup'],
  timestamp: 1_790_000_000,
};

describe('WebhookSender', () => {
  let server: TestHttpsServer;

  beforeAll(async () => {
    server = await startTestHttpsServer();
  });
  afterAll(async () => {
    await server?.stop();
  });
  beforeEach(() => {
    server.received.length = 0;
    server.reply = 204;
  });

  it('POSTs the payload as JSON with the secret as a Bearer token', async () => {
    await new WebhookSender({ dispatcher: server.agent }).send(server.url, 'hook-secret', payload);
    expect(server.received).toHaveLength(1);
    const [hook] = server.received;
    expect(hook).toMatchObject({ method: 'POST', url: '/hooks/quota' });
    expect(hook!.headers.authorization).toBe('Bearer hook-secret');
    expect(hook!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(hook!.body)).toEqual(payload);
  });

  it('sends no Authorization header without a secret', async () => {
    await new WebhookSender({ dispatcher: server.agent }).send(server.url, '', payload);
    expect(server.received[0]!.headers.authorization).toBeUndefined();
  });

  it('refuses a server whose certificate it does not trust', async () => {
    const systemCAs = new OutboundPolicy({ allowedRanges: () => '127.0.0.1' });
    await expect(new WebhookSender({ dispatcher: systemCAs.agent }).send(server.url, 's', payload)).rejects.toThrow();
    await systemCAs.close();
    expect(server.received).toHaveLength(0);
  });

  it('refuses a webhook on a loopback, private or metadata address unless the root allows it', async () => {
    const defaults = new OutboundPolicy({ allowedRanges: () => '' });
    const sender = new WebhookSender({ dispatcher: defaults.agent });
    for (const url of [server.url, server.url.replace('127.0.0.1', 'localhost'), 'https://169.254.169.254/latest/meta-data', 'https://10.0.0.8/hook']) {
      await expect(sender.send(url, 's', payload)).rejects.toBeInstanceOf(WebhookRefusedError);
    }
    await defaults.close();
    expect(server.received).toHaveLength(0);
  });

  it('fails on an answer other than 2xx', async () => {
    server.reply = 500;
    await expect(new WebhookSender({ dispatcher: server.agent }).send(server.url, 's', payload)).rejects.toThrow(/HTTP 500/);
  });

  it('gives up after its timeout', async () => {
    server.reply = 'hang';
    const started = Date.now();
    await expect(new WebhookSender({ dispatcher: server.agent, timeoutMs: 200 }).send(server.url, 's', payload)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it.each(['http://127.0.0.1/hook', 'ftp://example.test/x', 'not a url', '', 'https://'])(
    'refuses %j without sending anything',
    async (url) => {
      await expect(new WebhookSender({ dispatcher: server.agent }).send(url, 's', payload)).rejects.toBeInstanceOf(WebhookRefusedError);
      expect(server.received).toHaveLength(0);
    },
  );

  it('accepts absolute https URLs', () => {
    expect(httpsUrlOf('https://hooks.example.test/a?b=1').hostname).toBe('hooks.example.test');
  });
});
