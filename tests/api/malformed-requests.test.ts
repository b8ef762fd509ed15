import { gzipSync } from 'node:zlib';
import { type ApiStack, startApiStack } from '../support/api-stack';

jest.setTimeout(60_000);

/**
 * Requests anyone can send that once answered 500: a malformed percent-encoding, an unusual
 * charset, a corrupt compressed body, a NUL that would reach PostgreSQL, and OPTIONS. Each is a
 * client error in the `/api` envelope (HTTP 200, `success: false`), or 204 for OPTIONS.
 */
describe('/api refuses malformed requests as client errors, never a 500', () => {
  let api: ApiStack;

  beforeAll(async () => {
    api = await startApiStack({ GLOBAL_API_RATE_LIMIT_ENABLE: 'false', CRITICAL_RATE_LIMIT_ENABLE: 'false' });
  });
  afterAll(async () => {
    await api?.stop();
  });

  const send = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${api.url}${path}`, init);
    const text = await res.text();
    return { status: res.status, body: text === '' ? undefined : JSON.parse(text) };
  };
  const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const NUL_REFUSED = { status: 200, body: { success: false, message: '输入不合法：请求不能包含空字符（NUL）' } };

  it('refuses a NUL before it reaches PostgreSQL, anonymous or signed in', async () => {
    expect(await send('/api/user/login', json({ username: 'root\u0000', password: '123456' }))).toEqual(NUL_REFUSED);
    expect(await send('/api/user/register', json({ username: 'newcomer', password: 'password1', aff_code: 'x\u0000' }))).toEqual(NUL_REFUSED);
    const root = await api.root();
    const search = await root.get('/api/token/search?keyword=a%00b');
    expect({ status: search.status, body: search.body }).toEqual(NUL_REFUSED);
    // Nothing was registered on the way.
    expect(await api.query(`SELECT 1 FROM users WHERE username = 'newcomer'`)).toEqual([]);
  });

  it('refuses a path id with a malformed percent-encoding', async () => {
    expect(await send('/api/token/%zz')).toEqual({ status: 200, body: { success: false, message: 'malformed percent-encoding in the request path' } });
  });

  it('reads a JSON body sent with charset=utf8 as UTF-8, and refuses one it cannot read', async () => {
    const signIn = await send('/api/user/login', json({ username: 'root', password: '123456' }, { 'Content-Type': 'application/json; charset=utf8' }));
    expect(signIn).toMatchObject({ status: 200, body: { success: true, data: { username: 'root' } } });
    expect(await send('/api/user/login', json({ username: 'root', password: '123456' }, { 'Content-Type': 'application/json; charset=latin1' }))).toEqual({
      status: 200,
      body: { success: false, message: 'unsupported request body charset: send UTF-8' },
    });
  });

  it('reads a gzip body, and refuses a corrupt one', async () => {
    const body = JSON.stringify({ username: 'root', password: '123456' });
    const headers = { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' };
    expect(await send('/api/user/login', { method: 'POST', headers, body: gzipSync(body) })).toMatchObject({ status: 200, body: { success: true } });
    for (const encoding of ['gzip', 'deflate', 'br']) {
      expect(await send('/api/user/login', { method: 'POST', headers: { ...headers, 'Content-Encoding': encoding }, body: body })).toEqual({
        status: 200,
        body: { success: false, message: 'request body cannot be decompressed' },
      });
    }
  });

  it('answers OPTIONS with 204', async () => {
    for (const path of ['/api/status', '/api/user/login', '/api/token/1']) {
      expect([path, await send(path, { method: 'OPTIONS' })]).toEqual([path, { status: 204, body: undefined }]);
    }
  });
});
