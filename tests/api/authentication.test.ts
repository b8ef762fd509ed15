import { type ApiStack, startApiStack } from '../support/api-stack';

jest.setTimeout(60_000);

describe('/api authentication: sessions, access tokens and New-Api-User', () => {
  let api: ApiStack;
  const signedIn = (userId: number) => api.signedInAs(userId);

  beforeAll(async () => {
    api = await startApiStack();
    await api.query(
      `INSERT INTO users (username, password, display_name, role, status, "group", aff_code)
       VALUES ('alice', 'x', 'Alice', 1, 1, 'default', 'al1c')`,
    );
  });
  afterAll(async () => {
    await api?.stop();
  });

  const aliceId = async () => Number((await api.query(`SELECT id FROM users WHERE username = 'alice'`))[0].id);

  it('refuses an anonymous caller with 401 and the reference message', async () => {
    const res = await api.client().get('/api/user/self');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: '无权进行此操作，未登录且未提供 access token' });
  });

  it('requires New-Api-User to name the signed-in user', async () => {
    const client = await signedIn(await aliceId());
    client.userId = undefined;
    expect((await client.get('/api/user/self')).body.message).toBe('无权进行此操作，未提供 New-Api-User');
    client.headers['New-Api-User'] = 'abc';
    let res = await client.get('/api/user/self');
    expect([res.status, res.body.message]).toEqual([401, '无权进行此操作，New-Api-User 格式错误']);
    client.headers['New-Api-User'] = '1';
    res = await client.get('/api/user/self');
    expect([res.status, res.body.message]).toEqual([401, '无权进行此操作，New-Api-User 与登录用户不匹配']);
  });

  it('serves the signed-in user, without the password', async () => {
    const client = await signedIn(await aliceId());
    const res = await client.get('/api/user/self');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ username: 'alice', display_name: 'Alice', role: 1 });
    expect(JSON.stringify(res.body)).not.toMatch(/password/);
  });

  it('applies a ban and a demotion to the very next request', async () => {
    const id = await aliceId();
    await api.query(`UPDATE users SET role = 100 WHERE id = $1`, [id]);
    const client = await signedIn(id);
    expect((await client.get('/api/option/')).body.success).toBe(true);
    await api.query(`UPDATE users SET role = 1 WHERE id = $1`, [id]);
    expect((await client.get('/api/option/')).body).toEqual({ success: false, message: '无权进行此操作，权限不足' });
    await api.query(`UPDATE users SET status = 2 WHERE id = $1`, [id]);
    expect((await client.get('/api/user/self')).body).toEqual({ success: false, message: '用户已被封禁' });
    await api.query(`UPDATE users SET status = 1 WHERE id = $1`, [id]);
  });

  it('ends every session of a deleted user', async () => {
    const id = Number(
      (
        await api.query(
          `INSERT INTO users (username, password, display_name, aff_code) VALUES ('bob', 'x', 'Bob', 'b0b1') RETURNING id`,
        )
      )[0].id,
    );
    const client = await signedIn(id);
    expect((await client.get('/api/user/self')).status).toBe(200);
    await api.query(`UPDATE users SET deleted_at = now() WHERE id = $1`, [id]);
    expect((await client.get('/api/user/self')).status).toBe(401);
  });

  it('accepts a system access token in Authorization instead of a session', async () => {
    const id = await aliceId();
    await api.query(`UPDATE users SET access_token = 'tok-alice-0123456789' WHERE id = $1`, [id]);
    const client = api.client();
    client.userId = id;
    client.headers.Authorization = 'Bearer tok-alice-0123456789';
    expect((await client.get('/api/user/self')).body.data.username).toBe('alice');
    client.headers.Authorization = 'tok-wrong';
    expect((await client.get('/api/user/self')).body).toEqual({
      success: false,
      message: '无权进行此操作，access token 无效',
    });
  });

  it('hides secret options from root', async () => {
    const root = await signedIn(1);
    const res = await root.get('/api/option/');
    const keys = (res.body.data as Array<{ key: string }>).map((option) => option.key);
    expect(keys).toContain('SystemName');
    expect(keys.filter((key) => /(Token|Secret|Key)$/.test(key))).toEqual([]);
  });
});
