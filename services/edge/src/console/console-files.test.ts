import { parseOption } from '@modelgate/contracts/options';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import request from 'supertest';
import { consoleContentSecurityPolicy, createConsoleRoutes } from './console-files';

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

  it('serves the pages from a build under a dot-directory (a checkout in ~/.cache or ~/.local)', async () => {
    const hidden = join(dir, '.cache', 'modelgate', 'console', 'dist');
    mkdirSync(join(hidden, 'assets'), { recursive: true });
    writeFileSync(join(hidden, 'index.html'), '<!doctype html><div id="hidden-root"></div>');
    writeFileSync(join(hidden, 'assets', 'index-abc.js'), 'console.log(2)');
    const inHiddenDir = express().use(createConsoleRoutes(hidden));
    for (const path of ['/', '/token', '/chat/2']) {
      const response = await request(inHiddenDir).get(path);
      expect([path, response.status]).toEqual([path, 200]);
      expect(response.text).toContain('id="hidden-root"');
    }
    expect((await request(inHiddenDir).get('/assets/index-abc.js')).status).toBe(200);
    // A dot-file below the build directory is still not served (the path shows the page instead).
    writeFileSync(join(hidden, '.env'), 'SECRET=1');
    expect((await request(inHiddenDir).get('/.env')).text).not.toContain('SECRET');
  });

  it('sends a content security policy, frame protection and nosniff with every file', async () => {
    for (const path of ['/', '/token', '/assets/index-abc123.js', '/favicon.svg']) {
      const response = await request(app).get(path);
      expect(response.headers['content-security-policy']).toBe(consoleContentSecurityPolicy({ telegramSignIn: false }));
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('allows what the console loads, and nothing may frame it', () => {
    const directives = new Map(
      consoleContentSecurityPolicy({ telegramSignIn: false })
        .split('; ')
        .map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)] as const),
    );
    expect(directives.get('default-src')).toEqual(["'self'"]);
    // Own bundles, Turnstile and Telegram's widget; never inline scripts or eval.
    expect(directives.get('script-src')).toEqual(["'self'", 'https://challenges.cloudflare.com', 'https://telegram.org']);
    // Home and about pages, chat links, and the widgets' own frames.
    expect(directives.get('frame-src')).toEqual(['http:', 'https:']);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.has('form-action')).toBe(false);
  });

  it("allows eval only while Telegram sign-in is on (its widget evaluates the callback)", async () => {
    let telegram = 'false';
    const withOptions = express().use(createConsoleRoutes(dir, { value: (key) => parseOption(key, key === 'TelegramOAuthEnabled' ? telegram : '') }));
    expect((await request(withOptions).get('/')).headers['content-security-policy']).not.toContain('unsafe-eval');
    telegram = 'true';
    const policy = (await request(withOptions).get('/')).headers['content-security-policy'];
    expect(policy).toBe(consoleContentSecurityPolicy({ telegramSignIn: true }));
    expect(policy).toContain("script-src 'self' https://challenges.cloudflare.com https://telegram.org 'unsafe-eval'");
  });

  it('says how to build when there is no build', async () => {
    const bare = express().use(createConsoleRoutes(join(dir, 'nothing-here')));
    const response = await request(bare).get('/token');
    expect(response.status).toBe(503);
    expect(response.text).toMatch(/npm run build/);
  });
});
