import { type ApiStack, startApiStack } from '../support/api-stack';

// Security issue item 4: password guessing is held back per account, not only per client
// address (which a botnet or an address-rotating client escapes), and the backoff answers an
// unknown name exactly as it answers a known one.

jest.setTimeout(60_000);

const WRONG = { success: false, message: '用户名或密码错误，或用户已被封禁' };
const LOCKED = { success: false, message: '该账户登录失败次数过多，请 30 秒后再试' };

describe('sign-in backoff per account', () => {
  let api: ApiStack;
  let address = 0;

  beforeAll(async () => {
    api = await startApiStack({ GLOBAL_API_RATE_LIMIT_ENABLE: 'false' });
  });
  afterAll(async () => {
    await api?.stop();
  });

  /** `POST /api/user/login` from a client address never used before (behind the loopback proxy). */
  const login = async (username: string, password: string) => {
    const client = api.client();
    client.headers['X-Forwarded-For'] = `198.51.100.${++address}`;
    const res = await client.post('/api/user/login', { username, password });
    return { status: res.status, body: res.body };
  };

  it('locks a name after five failures, from any address, whether or not an account has it', async () => {
    for (let i = 0; i < 5; i++) {
      expect(await login('root', `guess-${i}`)).toEqual({ status: 200, body: WRONG });
      expect(await login('no-such-account', `guess-${i}`)).toEqual({ status: 200, body: WRONG });
    }
    // Locked: even the right password is not checked, and the two names are answered alike.
    const known = await login('root', '123456');
    const unknown = await login('no-such-account', '123456');
    expect(known).toEqual({ status: 429, body: LOCKED });
    expect(unknown).toEqual(known);
    // The lock is the name's own: other accounts sign in as usual.
    const other = await login('root2', 'whatever');
    expect(other.body).toEqual(WRONG);
  });

  it('clears the count when a sign-in succeeds', async () => {
    await api.query(`DELETE FROM login_failures`);
    for (let i = 0; i < 4; i++) expect((await login('root', `guess-${i}`)).body).toEqual(WRONG);
    expect((await login('root', '123456')).body.success).toBe(true);
    for (let i = 0; i < 5; i++) expect((await login('root', `again-${i}`)).body).toEqual(WRONG);
    expect((await login('root', '123456')).status).toBe(429);
  });
});
