import { credentials, Metadata, type ServiceError, status as Status } from '@grpc/grpc-js';
import { InternalError } from '../errors';
import { createLogger } from '../logging/logger';
import { createGrpcClient } from './client';
import { checkHealth } from './health';
import { bindGrpcService, createGrpcServer } from './server';
import {
  generateServiceSecret,
  SERVICE_AUTH_INVALID,
  SERVICE_AUTH_MISSING,
  serviceAuthHeaderValue,
} from './service-auth';
import { ERROR_CODE_METADATA_KEY } from './status-mapping';
import { EchoClient, echoDefinition } from './testdata/echo.test-support';
import { type EchoHarness, startEchoServer } from './testdata/harness.test-support';

let harness: EchoHarness;
/** Metadata keys the handler saw, per call. */
const seenKeys: string[][] = [];

beforeAll(async () => {
  harness = await startEchoServer({
    async Echo(request, call) {
      seenKeys.push(Object.keys(call.metadata.getMap()));
      return { message: request.message };
    },
  });
});

afterAll(() => harness.close());

beforeEach(() => {
  seenKeys.length = 0;
});

/** Calls Echo with exactly `metadata`, bypassing our client (and its interceptors). */
function rawEcho(metadata: Metadata): Promise<ServiceError | { ok: true }> {
  const raw = new EchoClient(harness.address, credentials.createInsecure());
  const method = echoDefinition.Echo;
  return new Promise<ServiceError | { ok: true }>((resolve) => {
    raw.makeUnaryRequest(
      method.path,
      method.requestSerialize,
      method.responseDeserialize,
      { message: 'raw' },
      metadata,
      { deadline: Date.now() + 2_000 },
      (error: ServiceError | null) => resolve(error ?? { ok: true }),
    );
  }).finally(() => raw.close());
}

function withAuthorization(...values: string[]): Metadata {
  const metadata = new Metadata();
  for (const value of values) metadata.add('authorization', value);
  return metadata;
}

function refusalOf(answer: ServiceError | { ok: true }) {
  const error = answer as ServiceError;
  return { code: error.code, reason: error.metadata?.get(ERROR_CODE_METADATA_KEY)[0], details: error.details };
}

describe('service authentication on every gRPC call', () => {
  it('refuses a call without the secret with UNAUTHENTICATED and service_auth_missing, before the handler', async () => {
    const answer = refusalOf(await rawEcho(new Metadata()));
    expect(answer).toEqual({ code: Status.UNAUTHENTICATED, reason: SERVICE_AUTH_MISSING, details: expect.stringMatching(/GRPC_SECRET/) });
    expect(seenKeys).toEqual([]);
  });

  it.each([
    ['a wrong secret', [serviceAuthHeaderValue(generateServiceSecret())]],
    ['the secret with a character more', ['<bearer>x']],
    ['the secret without the Bearer scheme', ['<secret>']],
    ['another scheme', ['Basic <secret>']],
    ['a prefix of the secret', ['<bearer-prefix>']],
  ])('refuses %s with UNAUTHENTICATED and service_auth_invalid', async (_what, values) => {
    const bearer = serviceAuthHeaderValue(harness.secret);
    const resolved = values.map((v) =>
      v.replace('<bearer-prefix>', bearer.slice(0, -1)).replace('<bearer>', bearer).replace('<secret>', harness.secret),
    );
    const answer = refusalOf(await rawEcho(withAuthorization(...resolved)));
    expect(answer).toMatchObject({ code: Status.UNAUTHENTICATED, reason: SERVICE_AUTH_INVALID });
    expect(answer.details).not.toContain(harness.secret);
    expect(seenKeys).toEqual([]);
  });

  it('lets the right secret through and keeps it from the handler', async () => {
    expect(await rawEcho(withAuthorization(serviceAuthHeaderValue(harness.secret)))).toEqual({ ok: true });
    await expect(harness.client().call('Echo', { message: 'hello' })).resolves.toMatchObject({ message: 'hello' });
    expect(seenKeys).toHaveLength(2);
    for (const keys of seenKeys) expect(keys).not.toContain('authorization');
  });

  it('logs each refusal with the method and the peer, never the presented value', async () => {
    const wrong = serviceAuthHeaderValue('z'.repeat(40));
    await rawEcho(withAuthorization(wrong));
    const refusals = harness.lines.filter((line) => line.msg === 'gRPC call refused: no valid service credentials');
    expect(refusals.at(-1)).toMatchObject({
      level: 'warn',
      method: '/modelgate.testing.v1.EchoService/Echo',
      peer: expect.stringContaining('127.0.0.1'),
      code: SERVICE_AUTH_INVALID,
    });
    expect(JSON.stringify(harness.lines)).not.toContain('z'.repeat(40));
    expect(JSON.stringify(harness.lines)).not.toContain(harness.secret);
  });

  it('answers grpc.health.v1 without the secret, for Kubernetes probes', async () => {
    await expect(checkHealth(harness.address)).resolves.toBe('SERVING');
    await expect(checkHealth(harness.address, 'modelgate.testing.v1.EchoService')).resolves.toBe('SERVING');
  });

  it('turns a refused secret into an InternalError for the calling code (a deployment fault, not a signed-out user)', async () => {
    const client = harness.client({ secret: generateServiceSecret() });
    const error = await client.call('Echo', { message: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalError);
    expect(error).toMatchObject({ code: SERVICE_AUTH_INVALID, httpStatus: 500 });
    expect((error as InternalError).message).toMatch(/GRPC_SECRET/);
  });

  it('refuses to create a server or a client with a missing or weak secret', () => {
    const logger = createLogger({ service: 'test', level: 'silent' });
    const services = [bindGrpcService(echoDefinition, { Echo: async () => ({}) })];
    for (const secret of ['', 'short', `${'a'.repeat(31)}`, `${'a'.repeat(40)} b`, `${'é'.repeat(40)}`]) {
      expect(() => createGrpcServer({ logger, host: '127.0.0.1', port: 0, services, secret })).toThrow(TypeError);
      expect(() => createGrpcClient(EchoClient, harness.address, { logger, secret })).toThrow(TypeError);
    }
  });

  it('generates secrets of 256 random bits as URL-safe text', () => {
    const a = generateServiceSecret();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(generateServiceSecret()).not.toBe(a);
  });
});
