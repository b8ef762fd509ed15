import { NotFoundError, UnavailableError } from '../errors';
import { checkHealth } from './health';
import { type EchoHarness, startEchoServer } from './testdata/harness.test-support';

const ECHO = 'modelgate.testing.v1.EchoService';
let harness: EchoHarness;

beforeAll(async () => {
  harness = await startEchoServer({ Echo: async (request) => ({ message: request.message }) });
});

afterAll(() => harness.close());

describe('grpc.health.v1', () => {
  it('reports the server and each registered service as SERVING from the start', async () => {
    await expect(checkHealth(harness.address)).resolves.toBe('SERVING');
    await expect(checkHealth(harness.address, ECHO, { deadlineMs: 500 })).resolves.toBe('SERVING');
  });

  it('reports NOT_SERVING after the composition root says so, and SERVING again after', async () => {
    harness.server.health.set(ECHO, 'NOT_SERVING');
    await expect(checkHealth(harness.address, ECHO)).resolves.toBe('NOT_SERVING');
    await expect(checkHealth(harness.address)).resolves.toBe('SERVING');
    harness.server.health.set(ECHO, 'SERVING');
    await expect(checkHealth(harness.address, ECHO)).resolves.toBe('SERVING');
  });

  it('fails with NotFoundError for a service the server does not host', async () => {
    await expect(checkHealth(harness.address, 'modelgate.nothing.v1.NothingService')).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('fails with UnavailableError when nothing listens', async () => {
    await expect(checkHealth('127.0.0.1:1')).rejects.toBeInstanceOf(UnavailableError);
  });
});
