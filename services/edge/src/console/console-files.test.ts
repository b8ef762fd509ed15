import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import request from 'supertest';
import { createConsoleRoutes } from './console-files';

describe('console files', () => {
  let dir: string;
  let app: express.Express;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'console-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
    writeFileSync(join(dir, 'assets', 'index-big.js'), 'console.log("modelgate");\n'.repeat(200));
    app = express().use(createConsoleRoutes(dir));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers every page path with index.html, never cached, so deep links work on reload', async () => {
    for (const path of ['/', '/token', '/chat/2', '/user/reset?email=a@b.c&token=x', '/oauth/github']) {
      const response = await request(app).get(path);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.text).toContain('id="root"');
    }
  });

  it('compresses what it serves for clients that accept it', async () => {
    const response = await request(app).get('/assets/index-big.js').set('Accept-Encoding', 'gzip');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.text).toBe('console.log("modelgate");\n'.repeat(200));
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const response = await request(app).get('/assets/index-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toMatch(/max-age=31536000.*immutable/);
  });

  it('serves other files, and leaves a missing file with an extension to the 404 handler', async () => {
    expect((await request(app).get('/favicon.svg')).status).toBe(200);
    expect((await request(app).get('/assets/missing.js')).status).toBe(404);
    expect((await request(app).get('/missing.png')).status).toBe(404);
  });

  it('does not answer other methods with the page', async () => {
    expect((await request(app).post('/token')).status).toBe(404);
  });

  it('says how to build when there is no build', async () => {
    const bare = express().use(createConsoleRoutes(join(dir, 'nothing-here')));
    const response = await request(bare).get('/token');
    expect(response.status).toBe(503);
    expect(response.text).toMatch(/npm run build/);
  });
});
