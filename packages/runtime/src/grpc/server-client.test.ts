import { credentials, Metadata, type ServiceError } from '@grpc/grpc-js';
import { currentRequestId, runWithRequestContext } from '../context/request-context';
import {
  AppError,
  DeadlineExceededError,
  InternalError,
  NotFoundError,
  QuotaExceededError,
  RateLimitedError,
  UnavailableError,
} from '../errors';
import { sleep } from '../lifecycle/backoff';
import { createGrpcClient } from './client';
import { bindGrpcService } from './server';
import { EchoClient, echoDefinition, type EchoResponse__Output, streamDefinition } from './testdata/echo.test-support';
import { type EchoHarness, startEchoServer } from './testdata/harness.test-support';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const ECHO_DETAILS = { id: 7, name: '回声' };

let harness: EchoHarness;

beforeAll(async () => {
  harness = await startEchoServer({
    Echo: (request, call) => {
      if (request.message === 'throw-sync') throw new Error('thrown before any await');
      return (async () => {
        switch (request.message) {
          case 'slow':
            await sleep(2_000, call.signal);
            break;
          case 'not-found':
            throw new NotFoundError('no such echo', { code: 'echo_not_found', details: ECHO_DETAILS });
          case 'rate-limited':
            throw new RateLimitedError('slow down');
          case 'quota':
            throw new QuotaExceededError('token has no quota left', { code: 'token_quota_exhausted' });
          case 'boom':
            throw new Error('connection to postgres://admin:hunter2@db failed');
          case 'nothing':
            return undefined as never;
        }
        if (call.requestId !== currentRequestId()) throw new Error('call.requestId is not the request id');
        return { message: request.message, count: request.count, request_id: currentRequestId() ?? '' };
      })();
    },
  });
});

afterAll(() => harness.close());

/** Calls Echo without our interceptors, so no request id or trace context is added (only the secret). */
function rawEcho(metadata: Metadata): Promise<EchoResponse__Output> {
  metadata.set('authorization', `Bearer ${harness.secret}`);
  const raw = new EchoClient(harness.address, credentials.createInsecure());
  const method = echoDefinition.Echo;
  return new Promise<EchoResponse__Output>((resolve, reject) => {
    raw.makeUnaryRequest(
      method.path,
      method.requestSerialize,
      method.responseDeserialize,
      { message: 'raw' },
      metadata,
      { deadline: Date.now() + 2_000 },
      (error: ServiceError | null, value?: EchoResponse__Output) => (error ? reject(error) : resolve(value!)),
    );
  }).finally(() => raw.close());
}

describe('gRPC server and client helpers', () => {
  it('round-trips a request, with int64 fields as strings', async () => {
    const response = await harness.client().call('Echo', { message: 'hello', count: '9007199254740993' });
    expect(response).toEqual({
      message: 'hello',
      count: '9007199254740993',
      request_id: expect.stringMatching(REQUEST_ID),
      trace_id: '',
    });
  });

  it('fails a call slower than its deadline with DeadlineExceededError, within the bound', async () => {
    const client = harness.client();
    const startedAt = Date.now();
    const error = await client.call('Echo', { message: 'slow' }, { deadlineMs: 100 }).catch((e) => e);
    expect(error).toBeInstanceOf(DeadlineExceededError);
    expect((error as AppError).code).toBe('deadline_exceeded');
    expect((error as AppError).retryable).toBe(true);
    expect(Date.now() - startedAt).toBeLessThan(1_000);
  });

  it('aborts the handler signal when the deadline passes, without logging an error', async () => {
    await runWithRequestContext({ requestId: 'req-slow' }, () =>
      expect(harness.client().call('Echo', { message: 'slow' }, { deadlineMs: 50 })).rejects.toBeInstanceOf(
        DeadlineExceededError,
      ),
    );
    await sleep(100);
    const lines = harness.lines.filter((line) => line.request_id === 'req-slow');
    expect(lines.map((line) => line.msg)).toContain('gRPC handler stopped after the call was cancelled');
    expect(lines.filter((line) => line.level === 'error' || line.level === 'warn')).toEqual([]);
  });

  it('uses the client default deadline when the call sets none', async () => {
    const client = harness.client({ deadlineMs: 100 });
    await expect(client.call('Echo', { message: 'slow' })).rejects.toBeInstanceOf(DeadlineExceededError);
  });

  it('passes the current request id to the handler', async () => {
    const response = await runWithRequestContext({ requestId: 'req-abc.123' }, () =>
      harness.client().call('Echo', { message: 'id' }),
    );
    expect(response.request_id).toBe('req-abc.123');
  });

  it('makes a request id per call outside a request context', async () => {
    const client = harness.client();
    const [a, b] = await Promise.all(['a', 'b'].map((message) => client.call('Echo', { message })));
    expect(a.request_id).toMatch(REQUEST_ID);
    expect(b.request_id).toMatch(REQUEST_ID);
    expect(a.request_id).not.toBe(b.request_id);
  });

  it('makes a request id on the server when the caller sent none or a malformed one', async () => {
    const none = await rawEcho(new Metadata());
    expect(none.request_id).toMatch(/^[0-9a-f]{32}$/);
    const malformed = new Metadata();
    malformed.set('x-request-id', 'not a valid id!');
    const replaced = await rawEcho(malformed);
    expect(replaced.request_id).toMatch(/^[0-9a-f]{32}$/);
    const sent = new Metadata();
    sent.set('x-request-id', 'from-a-raw-client');
    expect((await rawEcho(sent)).request_id).toBe('from-a-raw-client');
  });

  it('brings an AppError back as the same class, code, message and details', async () => {
    const error = await harness.client().call('Echo', { message: 'not-found' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ code: 'echo_not_found', message: 'no such echo', details: ECHO_DETAILS });
  });

  it('tells rate limits from exhausted quota on RESOURCE_EXHAUSTED', async () => {
    const client = harness.client();
    const limited = await client.call('Echo', { message: 'rate-limited' }).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(RateLimitedError);
    expect((limited as AppError).code).toBe('rate_limited');
    const quota = await client.call('Echo', { message: 'quota' }).catch((e: unknown) => e);
    expect(quota).toBeInstanceOf(QuotaExceededError);
    expect((quota as AppError).code).toBe('token_quota_exhausted');
  });

  it('turns an unexpected error into a generic InternalError and logs it with the request id', async () => {
    const error = await runWithRequestContext({ requestId: 'req-boom' }, () =>
      harness.client().call('Echo', { message: 'boom' }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalError);
    expect(error).toMatchObject({ code: 'internal', message: 'internal error' });
    const { message, ...fields } = error as AppError;
    expect(JSON.stringify({ message, ...fields })).not.toContain('hunter2');

    const logged = harness.lines.filter((line) => line.request_id === 'req-boom' && line.level === 'error');
    expect(logged).toEqual([
      expect.objectContaining({
        msg: 'gRPC handler failed unexpectedly',
        method: 'modelgate.testing.v1.EchoService/Echo',
      }),
    ]);
    expect(JSON.stringify(logged[0])).toContain('hunter2');
  });

  it('survives a handler that throws synchronously or returns nothing', async () => {
    const client = harness.client();
    await expect(client.call('Echo', { message: 'throw-sync' })).rejects.toBeInstanceOf(InternalError);
    await expect(client.call('Echo', { message: 'nothing' })).rejects.toBeInstanceOf(InternalError);
    await expect(client.call('Echo', { message: 'up' })).resolves.toMatchObject({ message: 'up' });
  });

  it('reports an unreachable server as UnavailableError', async () => {
    const { logger } = harness;
    const client = createGrpcClient(EchoClient, '127.0.0.1:1', { logger, deadlineMs: 2_000, secret: harness.secret });
    try {
      await expect(client.call('Echo', { message: 'x' })).rejects.toBeInstanceOf(UnavailableError);
    } finally {
      client.close();
    }
  });

  it('fails calls made after close with UnavailableError', async () => {
    const client = harness.client();
    client.close();
    await expect(client.call('Echo', { message: 'late' })).rejects.toBeInstanceOf(UnavailableError);
  });

  it('rejects calls to methods the service does not have and invalid deadlines', async () => {
    const client = harness.client();
    await expect(client.call('Nope' as 'Echo', {})).rejects.toThrow(TypeError);
    await expect(client.call('Echo', {}, { deadlineMs: 0 })).rejects.toThrow(RangeError);
    const { logger, address, secret } = harness;
    expect(() => createGrpcClient(EchoClient, address, { logger, deadlineMs: -1, secret })).toThrow(RangeError);
  });

  it('refuses streaming methods and missing handlers when binding a service', () => {
    expect(() => bindGrpcService(streamDefinition, { Watch: async () => ({}) })).toThrow(/streaming/);
    expect(() => bindGrpcService(echoDefinition, {} as never)).toThrow(/no handler/);
    expect(bindGrpcService(echoDefinition, { Echo: async () => ({}) }).serviceName).toBe(
      'modelgate.testing.v1.EchoService',
    );
  });
});
