import { generateKeyPairSync, sign } from 'node:crypto';
import { GoogleAuth, JWT } from 'google-auth-library';
import { type FakeUpstream, startFakeUpstream } from './server';
import { CLOUD_PLATFORM_SCOPE, type ServiceAccountKey, googleAuthOptions, tokenUriFetch } from './service-account';

type Json = Record<string, any>;

/** A compact RS256 JWT of `claims`, signed with `privateKey` (PEM). */
function jwt(claims: Json, privateKey: string): string {
  const encode = (value: Json): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signed = `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode(claims)}`;
  return `${signed}.${sign('RSA-SHA256', Buffer.from(signed), privateKey).toString('base64url')}`;
}

describe("fake upstream: Google's OAuth token endpoint for service accounts", () => {
  let fake: FakeUpstream;
  let key: ServiceAccountKey;

  beforeAll(async () => {
    fake = await startFakeUpstream({ googleTokenPath: '/oauth2/v4/token' });
    key = fake.google.createServiceAccount({ projectId: 'token-project' });
  });
  afterEach(() => {
    fake.reset();
    fake.google.tokenLifetimeSeconds = 3600;
  });
  afterAll(() => fake.close());

  /** Posts the JWT-bearer grant of `assertion` to the token endpoint. */
  const exchange = async (assertion: string, grantType = 'urn:ietf:params:oauth:grant-type:jwt-bearer') => {
    const res = await fetch(key.token_uri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: grantType, assertion }),
    });
    return { status: res.status, body: (await res.json()) as Json };
  };
  const now = () => Math.floor(Date.now() / 1000);
  const claims = (extra: Json = {}) => ({
    iss: key.client_email,
    scope: CLOUD_PLATFORM_SCOPE,
    aud: 'https://oauth2.googleapis.com/token',
    iat: now(),
    exp: now() + 3600,
    ...extra,
  });

  it('builds a service-account key that points at the fake', () => {
    expect(key).toMatchObject({
      type: 'service_account',
      project_id: 'token-project',
      client_email: expect.stringMatching(/^fake-sa-[0-9a-f]+@token-project\.iam\.gserviceaccount\.com$/),
      private_key: expect.stringMatching(/^-----BEGIN PRIVATE KEY-----/),
      token_uri: `${fake.url}/oauth2/v4/token`,
    });
  });

  it("exchanges GoogleAuth's JWT for an access token, which the library caches until it is near expiry", async () => {
    const before = fake.google.tokenExchanges;
    const auth = new GoogleAuth(googleAuthOptions(key));
    const token = await auth.getAccessToken();
    expect(token).toMatch(/^ya29\.fake-/);
    expect(await auth.getAccessToken()).toBe(token);
    expect(fake.google.tokenExchanges).toBe(before + 1);
    expect(fake.google.issuedTokens.at(-1)).toMatchObject({ accessToken: token, clientEmail: key.client_email, scopes: [CLOUD_PLATFORM_SCOPE] });
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/oauth2/v4/token' });
    expect(request!.body).toMatchObject({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: expect.any(String) });
    expect(await auth.getProjectId()).toBe('token-project');
  });

  it("honours the programmed lifetime: the JWT client refreshes a token that lives under its threshold", async () => {
    fake.google.tokenLifetimeSeconds = 60;
    const client = new JWT({
      email: key.client_email,
      key: key.private_key,
      scopes: [CLOUD_PLATFORM_SCOPE],
      transporterOptions: { fetchImplementation: tokenUriFetch(key.token_uri) },
    });
    const before = fake.google.tokenExchanges;
    const first = await client.getAccessToken();
    expect(client.credentials.expiry_date! - Date.now()).toBeLessThanOrEqual(60_000);
    const second = await client.getAccessToken();
    expect(second.token).not.toBe(first.token);
    expect(fake.google.tokenExchanges).toBe(before + 2);
  });

  it('refuses what Google refuses, in OAuth error objects', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const cases: [string, string | undefined, number, Json][] = [
      [jwt(claims(), other), undefined, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' }],
      [jwt(claims({ iss: 'stranger@x.iam.gserviceaccount.com' }), key.private_key), undefined, 400, { error: 'invalid_grant', error_description: 'Invalid grant: account not found' }],
      [jwt(claims({ aud: 'https://example.com/elsewhere' }), key.private_key), undefined, 400, { error: 'invalid_grant', error_description: expect.stringMatching(/^Invalid JWT: Failed audience check/) }],
      [jwt(claims({ iat: now() - 7200, exp: now() - 3600 }), key.private_key), undefined, 400, { error: 'invalid_grant', error_description: expect.stringMatching(/^Invalid JWT: Token must be a short-lived token/) }],
      [jwt(claims({ exp: now() + 7200 }), key.private_key), undefined, 400, { error: 'invalid_grant', error_description: expect.stringMatching(/short-lived/) }],
      [jwt(claims({ scope: undefined }), key.private_key), undefined, 400, { error: 'invalid_scope', error_description: 'Empty or missing scope not allowed.' }],
      ['not-a-jwt', undefined, 400, { error: 'invalid_request', error_description: 'Invalid JWT: the assertion is not a JWT.' }],
      [jwt(claims(), key.private_key), 'client_credentials', 400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type: client_credentials' }],
    ];
    const before = fake.google.tokenExchanges;
    for (const [assertion, grant, status, body] of cases) {
      const answer = await exchange(assertion, grant);
      expect(answer).toEqual({ status, body });
    }
    expect(fake.google.tokenExchanges).toBe(before);
    // The audience may also be the fake's own token URL.
    const own = await exchange(jwt(claims({ aud: key.token_uri }), key.private_key));
    expect(own).toEqual({ status: 200, body: { access_token: expect.stringMatching(/^ya29\./), expires_in: 3600, token_type: 'Bearer' } });
  });

  it('surfaces a refusal and a programmed error through google-auth-library', async () => {
    const stranger = { ...key, client_email: 'nobody@token-project.iam.gserviceaccount.com' };
    await expect(new GoogleAuth(googleAuthOptions(stranger)).getAccessToken()).rejects.toThrow(
      'invalid_grant: Invalid grant: account not found',
    );
    fake.program({ path: '/oauth2/v4/token' }, { error: 'account_deactivated' }, { times: 1 });
    await expect(new GoogleAuth(googleAuthOptions(key)).getAccessToken()).rejects.toThrow('invalid_grant: Invalid grant: account disabled');
  });
});
