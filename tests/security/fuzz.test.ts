// Malformed requests across every `/api` and `/v1` route against the whole stack: mutated and
// truncated JSON, bad charsets and encodings, corrupt and bomb compression, percent-encoding
// that does not decode, NUL, depth and size bombs, duplicate and prototype keys, wrong content
// types and methods, oversized headers, every kind of caller. Nothing may answer 5xx, every
// `/api` answer is the envelope, every `/v1` error is its protocol's error object, and the
// process serves on afterwards with its memory back where it was.
//
// CI sends 10,000 from a fixed seed; `FUZZ_RUNS=50000 FUZZ_SEED=… npx jest
// tests/security/fuzz.test.ts` runs the full count and prints the figures docs/security.md quotes.
import { randomBytes } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { type RelayStack, startRelayStack } from '../support/relay-stack';
import { type FuzzRequest, requests, type Caller } from './fuzz/requests';
import { apiRoutes, relayRoutes, STRAY_ROUTES } from './fuzz/routes';
import { closeConnections, type Outcome, send } from './fuzz/send';
import { violation } from './fuzz/shapes';

const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
const BATCH = 200;
const IN_FLIGHT = 8;
const OPENAI_MODEL = 'gpt-4o-mini';
const CLAUDE_MODEL = 'claude-sonnet-4-5';

jest.setTimeout(Math.max(300_000, RUNS * 150));

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Heap in use after a full collection, in MB. */
function heapMb(): number {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

/** The stack's real credentials for each kind of caller, renewed every batch (the fuzz may revoke them). */
interface Credentials {
  fundedKey: string;
  brokeKey: string;
  userId: number;
  userSession: string;
  adminSession: string;
}

const GARBAGE: ReadonlyArray<Record<string, string>> = [
  { authorization: 'Bearer' },
  { authorization: 'Basic Og==' },
  { authorization: `Bearer sk-${'x'.repeat(5_000)}` },
  { authorization: 'Bearer sk-%zz' },
  { cookie: 'session=%zz; session=; session' },
  { cookie: `session=${'s'.repeat(4_000)}`, 'new-api-user': '1' },
  { 'new-api-user': '-1' },
  { 'new-api-user': '1e3' },
  { 'x-api-key': '' },
];

function credentialHeaders(caller: Caller, surface: FuzzRequest['surface'], who: Credentials, salt: number): Record<string, string> {
  const token = (key: string): Record<string, string> =>
    surface === 'anthropic' ? { 'x-api-key': key, 'anthropic-version': '2023-06-01' } : surface === 'gemini' ? { 'x-goog-api-key': key } : { authorization: `Bearer ${key}` };
  switch (caller) {
    case 'anonymous':
      return {};
    case 'made-up token':
      return token(`sk-${randomBytes(24).toString('hex')}`);
    case 'funded token':
      return token(who.fundedKey);
    case 'broke token':
      return token(who.brokeKey);
    case 'user session':
      return { cookie: `session=${who.userSession}`, 'new-api-user': String(who.userId) };
    case 'admin session':
      return { cookie: `session=${who.adminSession}`, 'new-api-user': '1' };
    case 'admin session, other user id':
      return { cookie: `session=${who.adminSession}`, 'new-api-user': String(who.userId) };
    case 'garbage credentials':
      return GARBAGE[salt % GARBAGE.length]!;
  }
}

/** Runs `work` over `items`, at most `limit` at once. */
async function inPool<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

function describeRequest(request: FuzzRequest): string {
  return `${request.method} ${request.path.slice(0, 200)} as ${request.caller}; body: ${request.body.label}; headers: ${Object.keys(request.headers).join(', ') || 'none'}`;
}

describe(`${RUNS} malformed requests against the whole stack (seed ${SEED})`, () => {
  let stack: RelayStack;
  const routes = [...apiRoutes(), ...relayRoutes(), ...STRAY_ROUTES];

  beforeAll(async () => {
    stack = await startRelayStack({ GLOBAL_API_RATE_LIMIT_ENABLE: 'false', CRITICAL_RATE_LIMIT_ENABLE: 'false', TEST_LOG_LEVEL: 'silent' });
    await stack.setOptions({ ModelRatio: JSON.stringify({ [OPENAI_MODEL]: 0.075, [CLAUDE_MODEL]: 1.5 }) });
    await stack.seedChannel({ baseUrl: stack.fake.url, models: [OPENAI_MODEL], autoBan: false });
    await stack.seedChannel({ type: 14, baseUrl: stack.fake.url, models: [CLAUDE_MODEL], autoBan: false });
  });
  afterAll(async () => {
    closeConnections();
    await stack?.stop();
  });

  async function freshCredentials(): Promise<Credentials> {
    const funded = await stack.userWithToken(1_000_000_000);
    const broke = await stack.userWithToken(0);
    return {
      fundedKey: funded.apiKey,
      brokeKey: broke.apiKey,
      userId: funded.userId,
      userSession: (await stack.api.signedInAs(funded.userId)).cookie('session')!,
      adminSession: (await stack.api.signedInAs(1)).cookie('session')!,
    };
  }

  it('answers none of them 5xx, each in its surface shape, and serves on with bounded memory', async () => {
    const first = await freshCredentials();
    await stack.waitForModels(first.fundedKey, [OPENAI_MODEL, CLAUDE_MODEL]);
    const heapBefore = heapMb();
    const statuses = new Map<string, number>();
    // One example of each kind of wrong answer per route, and how often it happened.
    const failures = new Map<string, { count: number; example: string }>();
    const started = Date.now();

    for (let batch = 0; batch * BATCH < RUNS; batch++) {
      const who = batch === 0 ? first : await freshCredentials();
      const sample = fc.sample(requests(routes), { seed: SEED + batch, numRuns: Math.min(BATCH, RUNS - batch * BATCH) });
      await inPool(sample, IN_FLIGHT, async (request, index) => {
        const headers = { ...request.body.headers, ...request.headers, ...credentialHeaders(request.caller, request.surface, who, index) };
        const outcome: Outcome = await send(stack.url, request.method, request.path, headers, request.body.bytes);
        const key = outcome.kind === 'answer' ? `${request.surface} ${outcome.status}` : `${request.surface} no answer`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        const headBytes = request.path.length + Object.entries(headers).reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0);
        const wrong = violation(request.surface, request.method, outcome, headBytes);
        if (wrong) {
          const kind = `${request.route} → ${wrong.replace(/:[\s\S]*/, '')}`;
          const seen = failures.get(kind) ?? { count: 0, example: `${wrong.slice(0, 300)}\n    ← ${describeRequest(request)}` };
          failures.set(kind, { ...seen, count: seen.count + 1 });
        }
      });
    }
    const seconds = (Date.now() - started) / 1000;

    // Still serving: the console's status and a real client's chat completion.
    const status = await fetch(`${stack.url}/api/status`);
    expect(status.status).toBe(200);
    expect(await status.json()).toMatchObject({ success: true });
    const who = await freshCredentials();
    const chat = await stack.openai(who.fundedKey).chat.completions.create({ model: OPENAI_MODEL, messages: [{ role: 'user', content: 'Still there?' }] });
    expect(chat.choices[0]?.message.content).toEqual(expect.any(String));

    const heapAfter = heapMb();
    const summary = [...statuses].sort(([a], [b]) => a.localeCompare(b)).map(([key, count]) => `${key}: ${count}`).join(', ');
    console.log(
      `fuzz: ${RUNS} requests (seed ${SEED}) in ${seconds.toFixed(0)} s across ${routes.length} routes; ${[...failures.values()].reduce((sum, { count }) => sum + count, 0)} wrong; ` +
        `heap ${heapBefore.toFixed(0)} → ${heapAfter.toFixed(0)} MB, rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB\n${summary}`,
    );
    expect([...failures].map(([kind, { count, example }]) => `${kind} (${count}×)\n  ${example}`)).toEqual([]);
    // Nothing the requests left behind outlives them: the heap is back within 64 MB of where it was.
    expect(heapAfter - heapBefore).toBeLessThan(64);
  });
});
