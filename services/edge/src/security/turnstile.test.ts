import { parseOption } from '@modelgate/contracts/options';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@modelgate/runtime';
import express from 'express';
import request from 'supertest';
import { createEnvelopeErrorHandler } from '../http/envelope';
import { createTurnstileGuard, TurnstileMessage } from './turnstile';

const logger = createLogger({ service: 'turnstile-test', level: 'silent' });

/** A fake siteverify: accepts the token `good` for the secret `s3cret` and records each form. */
async function startFakeVerifier(): Promise<{ url: string; forms: URLSearchParams[]; server: Server }> {
  const forms: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      forms.push(form);
      const success = form.get('secret') === 's3cret' && form.get('response') === 'good';
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(success ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`, forms, server };
}

describe('the Turnstile human check', () => {
  let verifier: Awaited<ReturnType<typeof startFakeVerifier>>;
  const options = new Map<string, string>();

  const appWith = (verifyUrl: string) => {
    const app = express();
    app.set('trust proxy', 'loopback');
    const guard = createTurnstileGuard({ options: { value: (key) => parseOption(key, options.get(key) ?? '') }, verifyUrl, logger });
    app.post('/api/guarded', guard, (_req, res) => {
      res.json({ success: true, message: '' });
    });
    app.use(createEnvelopeErrorHandler(logger));
    return app;
  };

  beforeAll(async () => {
    verifier = await startFakeVerifier();
  });
  afterAll(async () => {
    verifier.server.close();
    await once(verifier.server, 'close');
  });
  beforeEach(() => {
    verifier.forms.length = 0;
    options.set('TurnstileCheckEnabled', 'true');
    options.set('TurnstileSecretKey', 's3cret');
  });

  it('lets everything through while the check is off, without asking the verifier', async () => {
    options.set('TurnstileCheckEnabled', 'false');
    await request(appWith(verifier.url)).post('/api/guarded').expect(200, { success: true, message: '' });
    expect(verifier.forms).toHaveLength(0);
  });

  it('refuses a request without a token', async () => {
    const res = await request(appWith(verifier.url)).post('/api/guarded').expect(200);
    expect(res.body).toEqual({ success: false, message: TurnstileMessage.missing });
    expect(TurnstileMessage.missing).toBe('Turnstile token 为空');
    expect(verifier.forms).toHaveLength(0);
  });

  it('refuses a token the verifier rejects', async () => {
    const res = await request(appWith(verifier.url)).post('/api/guarded?turnstile=bad').expect(200);
    expect(res.body).toEqual({ success: false, message: 'Turnstile 校验失败，请刷新重试！' });
    expect(verifier.forms).toHaveLength(1);
  });

  it('passes a token the verifier accepts, sending the secret, the token and the client address', async () => {
    await request(appWith(verifier.url))
      .post('/api/guarded?turnstile=good')
      .set('X-Forwarded-For', '203.0.113.5')
      .expect(200, { success: true, message: '' });
    expect(Object.fromEntries(verifier.forms[0]!)).toEqual({ secret: 's3cret', response: 'good', remoteip: '203.0.113.5' });
  });

  it('uses the secret as it is when the request arrives', async () => {
    options.set('TurnstileSecretKey', 'rotated');
    const res = await request(appWith(verifier.url)).post('/api/guarded?turnstile=good').expect(200);
    expect(res.body.success).toBe(false);
    expect(verifier.forms[0]!.get('secret')).toBe('rotated');
  });

  it('answers 503 when the verifier cannot be reached', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/siteverify`;
    closed.close();
    await once(closed, 'close');
    const res = await request(appWith(url)).post('/api/guarded?turnstile=good').expect(503);
    expect(res.body.success).toBe(false);
  });
});
