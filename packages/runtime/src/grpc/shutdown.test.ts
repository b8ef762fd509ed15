import { AppError, UnavailableError } from '../errors';
import { sleep } from '../lifecycle/backoff';
import { type EchoHarness, startEchoServer } from './testdata/harness.test-support';

/** An echo server whose handler waits `message` milliseconds and reports when a call arrives. */
async function startSlowServer() {
  let entered: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    entered = resolve;
  });
  const aborted: string[] = [];
  const harness = await startEchoServer({
    async Echo(request, call) {
      entered();
      call.signal.addEventListener('abort', () => aborted.push(request.message), { once: true });
      await sleep(Number(request.message), call.signal);
      return { message: request.message };
    },
  });
  return { harness, arrived, aborted };
}

describe('graceful shutdown', () => {
  let harness: EchoHarness | undefined;

  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  it('waits for a call in flight, then refuses new calls', async () => {
    const slow = await startSlowServer();
    harness = slow.harness;
    const inFlight = harness.client().call('Echo', { message: '300' });
    await slow.arrived;

    const startedAt = Date.now();
    await harness.server.shutdown(5_000);
    const waited = Date.now() - startedAt;

    await expect(inFlight).resolves.toEqual(expect.objectContaining({ message: '300' }));
    expect(waited).toBeGreaterThanOrEqual(200);
    expect(waited).toBeLessThan(2_000);
    expect(harness.server.health.get('')).toBe('NOT_SERVING');
    await expect(harness.client().call('Echo', { message: '1' })).rejects.toBeInstanceOf(UnavailableError);
    await expect(harness.server.start()).rejects.toThrow(/shut down/);
  });

  it('cancels calls still running at the bound', async () => {
    const slow = await startSlowServer();
    harness = slow.harness;
    const stuck = harness.client({ deadlineMs: 10_000 }).call('Echo', { message: '10000' });
    await slow.arrived;

    const startedAt = Date.now();
    await harness.server.shutdown(200);
    expect(Date.now() - startedAt).toBeLessThan(1_000);

    await expect(stuck).rejects.toBeInstanceOf(AppError);
    await sleep(20);
    expect(slow.aborted).toEqual(['10000']);
  });
});
