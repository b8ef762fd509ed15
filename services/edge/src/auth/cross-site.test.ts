import { createLogger } from '@modelgate/runtime';
import express from 'express';
import request from 'supertest';
import { createEnvelopeErrorHandler } from '../http/envelope';
import { refuseCrossSite } from './cross-site';

const logger = createLogger({ service: 'cross-site-test', level: 'silent' });

function app() {
  const server = express();
  server.get('/api/user/logout', refuseCrossSite, (_req, res) => {
    res.json({ success: true, message: '' });
  });
  server.use(createEnvelopeErrorHandler(logger));
  return server;
}

describe('refuseCrossSite', () => {
  it.each(['same-origin', 'none', 'Same-Origin'])('lets a request the user made on purpose through (%s)', async (site) => {
    const res = await request(app()).get('/api/user/logout').set('Sec-Fetch-Site', site).expect(200);
    expect(res.body.success).toBe(true);
  });

  it('lets clients that send no Fetch Metadata through (scripts, old browsers)', async () => {
    expect((await request(app()).get('/api/user/logout').expect(200)).body.success).toBe(true);
  });

  it.each(['cross-site', 'same-site', 'something-new'])('refuses a request another site or origin started (%s)', async (site) => {
    const res = await request(app()).get('/api/user/logout').set('Sec-Fetch-Site', site).expect(200);
    expect(res.body).toEqual({ success: false, message: '无权进行此操作，请从本站页面发起此操作' });
  });
});
