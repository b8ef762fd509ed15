import { createHash, createHmac, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The client credentials every fake OAuth provider accepts. */
export const FAKE_CLIENT = { id: 'modelgate-client', secret: 'modelgate-secret' } as const;
/** The token the fake WeChat server expects in `Authorization`. */
export const FAKE_WECHAT_TOKEN = 'wechat-server-token';

/** How a fake misbehaves: answer 502 with HTML, or never answer at all. */
export type Failure = 'down' | 'hang' | undefined;

/**
 * One fake OAuth 2 provider: hands out single-use authorization codes for a profile, exchanges
 * them for access tokens, and serves the profile behind a token.
 */
export class FakeOAuthProvider {
  private readonly codes = new Map<string, Record<string, unknown>>();
  private readonly tokens = new Map<string, Record<string, unknown>>();
  /** Set to make every call to this provider fail. */
  failure: Failure;
  /** Requests received (path and parsed body), newest last. */
  readonly calls: Array<{ path: string; body: Record<string, string>; authorization: string }> = [];

  /** A fresh code that the provider will exchange once for `profile`. */
  issueCode(profile: Record<string, unknown>): string {
    const code = randomBytes(8).toString('hex');
    this.codes.set(code, profile);
    return code;
  }

  /** The token answer for `code` (used up), or undefined when it is unknown or used. */
  exchange(code: string): string | undefined {
    const profile = this.codes.get(code);
    if (!profile) return undefined;
    this.codes.delete(code);
    const token = randomBytes(12).toString('hex');
    this.tokens.set(token, profile);
    return token;
  }

  /** The profile of a `Bearer` authorization, if its token was issued. */
  profile(authorization: string): Record<string, unknown> | undefined {
    return this.tokens.get(authorization.replace(/^Bearer /, ''));
  }
}

/** The fake WeChat server: codes the official account gave out, each naming a WeChat id. */
export class FakeWeChatServer {
  private readonly codes = new Map<string, string>();
  failure: Failure;

  issueCode(wechatId: string): string {
    const code = String(100_000 + Math.floor(Math.random() * 900_000));
    this.codes.set(code, wechatId);
    return code;
  }

  /** Resolves (and uses up) a code; '' for an unknown one. */
  resolve(code: string): string {
    const id = this.codes.get(code) ?? '';
    this.codes.delete(code);
    return id;
  }
}

/** Signs Telegram login-widget fields as Telegram does (the `hash` field added). */
export function signTelegram(fields: Record<string, string>, botToken: string): Record<string, string> {
  const checkString = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const secret = createHash('sha256').update(botToken).digest();
  return { ...fields, hash: createHmac('sha256', secret).update(checkString).digest('hex') };
}

/** Every fake provider on one local HTTP server. */
export interface FakeProviders {
  readonly url: string;
  readonly github: FakeOAuthProvider;
  readonly linuxdo: FakeOAuthProvider;
  readonly oidc: FakeOAuthProvider;
  readonly wechat: FakeWeChatServer;
  /** `oidc.well_known` pointing at the fake. */
  readonly oidcWellKnown: string;
  /** `WeChatServerAddress` pointing at the fake. */
  readonly wechatAddress: string;
  /** The environment that points the stack's identity at the fakes. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return {};
  if ((req.headers['content-type'] ?? '').includes('json')) return JSON.parse(text) as Record<string, string>;
  return Object.fromEntries(new URLSearchParams(text));
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

/**
 * Starts the fakes on 127.0.0.1 at a free port: GitHub (`/github` and `/github-api`), LinuxDO
 * (`/linuxdo`), an OIDC provider with a discovery document (`/oidc`) and a WeChat server
 * (`/wechat`). Each behaves like the real one on the paths Modelgate calls.
 */
export async function startFakeProviders(): Promise<FakeProviders> {
  const github = new FakeOAuthProvider();
  const linuxdo = new FakeOAuthProvider();
  const oidc = new FakeOAuthProvider();
  const wechat = new FakeWeChatServer();
  let base = '';
  const basic = `Basic ${Buffer.from(`${FAKE_CLIENT.id}:${FAKE_CLIENT.secret}`).toString('base64')}`;

  type Route = {
    provider: FakeOAuthProvider | FakeWeChatServer;
    handle: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>;
  };
  const routes: Record<string, Route> = {
    'POST /github/login/oauth/access_token': {
      provider: github,
      async handle(req, res) {
        const body = await readBody(req);
        github.calls.push({ path: 'token', body, authorization: '' });
        if (body.client_id !== FAKE_CLIENT.id || body.client_secret !== FAKE_CLIENT.secret) {
          return send(res, 200, {
            error: 'incorrect_client_credentials',
            error_description: 'The client_id and/or client_secret passed are incorrect.',
          });
        }
        const token = github.exchange(body.code ?? '');
        if (!token) {
          return send(res, 200, { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' });
        }
        send(res, 200, { access_token: token, token_type: 'bearer', scope: '' });
      },
    },
    'GET /github-api/user': {
      provider: github,
      async handle(req, res) {
        const profile = github.profile(req.headers.authorization ?? '');
        if (!profile) return send(res, 401, { message: 'Bad credentials' });
        send(res, 200, profile);
      },
    },
    'POST /linuxdo/oauth2/token': {
      provider: linuxdo,
      async handle(req, res) {
        const body = await readBody(req);
        linuxdo.calls.push({ path: 'token', body, authorization: req.headers.authorization ?? '' });
        if (req.headers.authorization !== basic) return send(res, 401, { error: 'invalid_client' });
        const token = body.grant_type === 'authorization_code' ? linuxdo.exchange(body.code ?? '') : undefined;
        if (!token) return send(res, 400, { error: 'invalid_grant', error_description: 'authorization code is invalid' });
        send(res, 200, { access_token: token, token_type: 'bearer' });
      },
    },
    'GET /linuxdo/api/user': {
      provider: linuxdo,
      async handle(req, res) {
        const profile = linuxdo.profile(req.headers.authorization ?? '');
        if (!profile) return send(res, 401, { error: 'invalid_token' });
        send(res, 200, profile);
      },
    },
    'GET /oidc/.well-known/openid-configuration': {
      provider: oidc,
      async handle(_req, res) {
        send(res, 200, {
          issuer: `${base}/oidc`,
          authorization_endpoint: `${base}/oidc/authorize`,
          token_endpoint: `${base}/oidc/token`,
          userinfo_endpoint: `${base}/oidc/userinfo`,
        });
      },
    },
    'POST /oidc/token': {
      provider: oidc,
      async handle(req, res) {
        const body = await readBody(req);
        oidc.calls.push({ path: 'token', body, authorization: '' });
        if (body.client_id !== FAKE_CLIENT.id || body.client_secret !== FAKE_CLIENT.secret) {
          return send(res, 401, { error: 'invalid_client' });
        }
        const token = body.grant_type === 'authorization_code' ? oidc.exchange(body.code ?? '') : undefined;
        if (!token) return send(res, 400, { error: 'invalid_grant', error_description: 'Code not valid' });
        send(res, 200, { access_token: token, token_type: 'Bearer', id_token: 'x.y.z', expires_in: 300 });
      },
    },
    'GET /oidc/userinfo': {
      provider: oidc,
      async handle(req, res) {
        const profile = oidc.profile(req.headers.authorization ?? '');
        if (!profile) return send(res, 401, { error: 'invalid_token' });
        send(res, 200, profile);
      },
    },
    'GET /wechat/api/wechat/user': {
      provider: wechat,
      async handle(req, res, url) {
        if (req.headers.authorization !== FAKE_WECHAT_TOKEN) {
          return send(res, 200, { success: false, message: '无权进行此操作，未登录或 token 无效' });
        }
        send(res, 200, { success: true, message: '', data: wechat.resolve(url.searchParams.get('code') ?? '') });
      },
    },
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const route = routes[`${req.method} ${url.pathname}`];
    if (!route) return send(res, 404, { message: 'Not Found' });
    if (route.provider.failure === 'hang') return; // never answers; closed with the server
    if (route.provider.failure === 'down') {
      res.writeHead(502, { 'Content-Type': 'text/html' }).end('<html><body>502 Bad Gateway</body></html>');
      return;
    }
    route.handle(req, res, url).catch((error: unknown) => send(res, 500, { message: String(error) }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    github,
    linuxdo,
    oidc,
    wechat,
    oidcWellKnown: `${base}/oidc/.well-known/openid-configuration`,
    wechatAddress: `${base}/wechat`,
    env: () => ({
      GITHUB_OAUTH_URL: `${base}/github`,
      GITHUB_API_URL: `${base}/github-api`,
      LINUXDO_OAUTH_URL: `${base}/linuxdo`,
    }),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
