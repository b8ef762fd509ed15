import { type FakeUpstream, startFakeUpstream } from '@modelgate/fake-upstream';
import { seedChannel, seedToken, seedUser, TEST_OUTBOUND_ALLOWED_RANGES } from '../support/relay-fixtures';
import { awaitRouting } from '../support/relay-processes';
import { eventually } from '../support/service-process';
import { type FaultStack, nextLine, startFaultStack } from './fault-stack';
import { drive, Progress, send } from './load-driver';

// The fault-injection run: billing and a relay as separate processes on PostgreSQL and NATS,
// both reaching them through TCP proxies this test controls. Under a bounded load of JSON and
// streamed chat completions (several users, tokens and channels) it kills billing (SIGKILL) and
// starts it again, cuts the bus, and cuts the database. Afterwards the money must add up with
// zero drift. docs/reliability.md describes the run and its figures.

jest.setTimeout(240_000);

const natsUrl = process.env.NATS_URL;
const REQUESTS = Number(process.env.FAULT_RUN_REQUESTS ?? 3_000);
const CONCURRENCY = 16;
const MODELS = { 'mg-fault-a': 0.002, 'mg-fault-b': 0.003 } as const;
const INITIAL_USER_QUOTA = 1_000_000_000;
const LIMITED_TOKEN_QUOTA = 500_000_000;
const TTL_SECONDS = 20;
const SWEEP_SECONDS = 1;
/** Requests that finish between the start of a fault and its end. */
const DURING_FAULT = Math.max(50, Math.floor(REQUESTS / 20));

interface Seeded {
  userIds: number[];
  tokens: Array<{ id: number; apiKey: string; limited: boolean }>;
  channelIds: number[];
}

const sum = (rows: Array<Record<string, string>>, column: string) => rows.reduce((total, row) => total + Number(row[column]), 0);

// Separate processes share a real bus only: the run needs NATS_URL (CI always sets it).
if (natsUrl) describe('fault injection under load (billing killed, bus cut, database cut)', () => {
  let stack: FaultStack;
  let fake: FakeUpstream;
  const seeded: Seeded = { userIds: [], tokens: [], channelIds: [] };

  beforeAll(async () => {
    fake = await startFakeUpstream({ maxRecorded: 10 });
    stack = await startFaultStack({
      natsUrl: natsUrl!,
      options: { OutboundAllowedRanges: TEST_OUTBOUND_ALLOWED_RANGES, ModelPrice: JSON.stringify(MODELS) },
      billingEnv: { RESERVATION_TTL_SECONDS: String(TTL_SECONDS), RESERVATION_SWEEP_INTERVAL_SECONDS: String(SWEEP_SECONDS) },
    });
    for (let c = 0; c < 3; c++) {
      seeded.channelIds.push(
        await seedChannel(stack.sql, { baseUrl: fake.url, name: `fault ${c}`, models: Object.keys(MODELS), autoBan: false }, stack.bus),
      );
    }
    for (let u = 0; u < 3; u++) {
      const userId = await seedUser(stack.sql, INITIAL_USER_QUOTA);
      seeded.userIds.push(userId);
      const unlimited = await seedToken(stack.sql, { userId }, stack.bus);
      const limited = await seedToken(stack.sql, { userId, unlimited: false, remainQuota: LIMITED_TOKEN_QUOTA }, stack.bus);
      seeded.tokens.push({ ...unlimited, limited: false }, { ...limited, limited: true });
    }
    await awaitRouting(stack.sql, stack.bus, [stack.relayUrl], seeded.tokens[0]!.apiKey, fake.url, 30_000);
  });

  afterAll(async () => {
    await stack?.stop();
    await fake?.close();
  });

  it('settles every successful request exactly once with zero drift', async () => {
    const progress = new Progress();
    const figures: Record<string, number | string> = {};
    const models = Object.keys(MODELS);
    let injecting = true;
    const load = drive({ count: REQUESTS, limit: 2 * REQUESTS, concurrency: CONCURRENCY, more: () => injecting }, progress, (i) =>
      send(stack.relayUrl, seeded.tokens[i % seeded.tokens.length]!.apiKey, models[i % models.length]!, i % 3 === 0, i),
    );

    const faults = (async () => {
      const at = (fraction: number) => Math.floor(REQUESTS * fraction);
      // 1. Billing is killed outright and started again.
      await progress.until(at(0.15));
      figures.billingKilledAt = progress.count;
      await stack.killBilling();
      await progress.until(progress.count + DURING_FAULT);
      await stack.startBilling();
      figures.billingBackAt = progress.count;

      // 2. The bus goes away for both services and comes back.
      await progress.until(at(0.4));
      const relayFrom = stack.relay.lines.length;
      const billingFrom = stack.billing.lines.length;
      figures.busCutAt = progress.count;
      stack.natsProxy.cut();
      await nextLine(stack.relay, relayFrom, (l) => l.msg === 'disconnected from NATS; reconnecting');
      await progress.until(progress.count + DURING_FAULT);
      stack.natsProxy.restore();
      await nextLine(stack.relay, relayFrom, (l) => l.msg === 'reconnected to NATS');
      await nextLine(stack.billing, billingFrom, (l) => l.msg === 'reconnected to NATS');
      figures.busBackAt = progress.count;

      // 3. Every database connection of both services is cut, and new ones refused for a while.
      await progress.until(at(0.7));
      figures.databaseCutAt = progress.count;
      const droppedBefore = stack.postgresProxy.dropped;
      stack.postgresProxy.cut();
      await progress.until(progress.count + DURING_FAULT);
      stack.postgresProxy.restore();
      figures.databaseBackAt = progress.count;
      figures.databaseConnectionsDropped = stack.postgresProxy.dropped - droppedBefore;
      figures.natsConnectionsDropped = stack.natsProxy.dropped;
    })().finally(() => {
      injecting = false;
    });

    const [outcomes] = await Promise.all([load, faults]);
    const successes = outcomes.filter((o) => o.success);
    figures.requests = outcomes.length;
    figures.successes = successes.length;
    figures.failures = outcomes.length - successes.length;
    figures.failuresByStatusAndCode = JSON.stringify(
      countBy(outcomes.filter((o) => !o.success), (o) => `${o.status} ${/"code":"([a-z_]+)"/.exec(o.error ?? '')?.[1] ?? '?'}`),
    );
    process.stdout.write(`fault-injection load: ${JSON.stringify(figures)}\n`);
    if (successes.length <= outcomes.length / 4) process.stdout.write(`sample failures: ${JSON.stringify(outcomes.filter((o) => !o.success).slice(0, 3))}\n`);
    // Every fault landed while requests were still running (the load outlasts the schedule).
    expect(Number(figures.databaseBackAt)).toBeLessThan(outcomes.length);
    // The run did real work: while billing is down only requests covered by a lease succeed, so
    // on a slow machine (billing slow to start again) a large minority may be refused.
    expect(successes.length).toBeGreaterThan(outcomes.length / 4);
    expect(successes.every((o) => o.requestId)).toBe(true);
    // A request refused because a dependency failed is told so with a 503, never a 500.
    expect(outcomes.filter((o) => !o.success && o.status !== 503)).toEqual([]);

    // No reservation outlives its time-to-live: with the relay still running (and idle), every
    // reservation open at the end of the load is closed by the sweeper once past its TTL, also
    // after the database was cut under it.
    const openAtEnd = (
      await stack.sql<{ request_id: string }>(`SELECT request_id FROM quota_reservations WHERE status = 'reserved'`)
    ).map((r) => r.request_id);
    figures.reservationsOpenAtEndOfLoad = openAtEnd.length;
    await eventually(
      async () => {
        const [left] = await stack.sql<{ n: string }>(
          `SELECT count(*) AS n FROM quota_reservations WHERE status = 'reserved' AND request_id = ANY($1)`,
          [openAtEnd],
        );
        return Number(left!.n) === 0 ? true : undefined;
      },
      (TTL_SECONDS + 20) * 1_000,
      `every reservation open at the end of the load released once past its TTL (${stack.tail()})`,
    );

    // The relay stops (releasing its leases); then settlement drains and nothing stays reserved.
    await stack.stopRelay();
    const successIds = new Set(successes.map((o) => o.requestId!));
    const settled = await eventually(
      async () => {
        const [open] = await stack.sql<{ n: string }>(`SELECT count(*) AS n FROM quota_reservations WHERE status = 'reserved'`);
        const logged = await consumeLogIds(stack);
        const missing = [...successIds].filter((id) => !logged.has(id));
        return Number(open!.n) === 0 && missing.length === 0 ? true : undefined;
      },
      TTL_SECONDS * 1_000 + 60_000,
      `every success logged and every reservation closed (${stack.tail()})`,
    ).catch((error: unknown) => error);
    const totals = await accountTotals(stack, seeded);
    figures.consumeLogs = totals.logCount;
    figures.reservationsSweptPastTtl = stack.billingLines().reduce(
      (total, line) => total + (line.msg === 'released reservations left open past their TTL' ? Number(line.released) : 0),
      0,
    );
    Object.assign(figures, totals.sums);
    // The figures docs/reliability.md reports.
    process.stdout.write(`fault-injection figures: ${JSON.stringify(figures)}\n`);
    expect(settled).toBe(true);

    // Every successful request logged exactly once; no log for a request nobody sent.
    const logs = await stack.sql<{ request_id: string }>(`SELECT request_id FROM logs WHERE type = 2`);
    const perId = countBy(logs, (l) => l.request_id);
    expect(Object.entries(perId).filter(([, n]) => n > 1)).toEqual([]);
    const answered = new Set(outcomes.map((o) => o.requestId).filter((id): id is string => id !== null));
    expect(logs.filter((l) => !answered.has(l.request_id))).toEqual([]);
    const notBilled = successes.filter((o) => !perId[o.requestId!]);
    expect(notBilled).toEqual([]);

    // Σ consume-log quota = Σ users' used = Σ tokens' used = Σ channels' used, and balances moved by exactly that.
    const { sums } = totals;
    expect({ users: sums.usersUsed, tokens: sums.tokensUsed, channels: sums.channelsUsed }).toEqual({
      users: sums.logQuota,
      tokens: sums.logQuota,
      channels: sums.logQuota,
    });
    expect(sums.requestCount).toBe(totals.logCount);
    expect(INITIAL_USER_QUOTA * seeded.userIds.length - sums.usersQuota).toBe(sums.logQuota);
    expect(LIMITED_TOKEN_QUOTA * seeded.tokens.filter((t) => t.limited).length - sums.limitedRemain).toBe(sums.limitedLogQuota);
  });
});

function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

async function consumeLogIds(stack: FaultStack): Promise<Set<string>> {
  const rows = await stack.sql<{ request_id: string }>(`SELECT request_id FROM logs WHERE type = 2`);
  return new Set(rows.map((r) => r.request_id));
}

async function accountTotals(stack: FaultStack, seeded: Seeded) {
  const logs = await stack.sql<Record<string, string>>(`SELECT token_id, quota FROM logs WHERE type = 2`);
  const users = await stack.sql<Record<string, string>>(`SELECT quota, used_quota, request_count FROM users WHERE id = ANY($1)`, [
    seeded.userIds,
  ]);
  const tokenIds = seeded.tokens.map((t) => t.id);
  const limitedIds = new Set(seeded.tokens.filter((t) => t.limited).map((t) => t.id));
  const tokens = await stack.sql<Record<string, string>>(`SELECT id, used_quota, remain_quota FROM tokens WHERE id = ANY($1)`, [tokenIds]);
  const channels = await stack.sql<Record<string, string>>(`SELECT used_quota FROM channels WHERE id = ANY($1)`, [seeded.channelIds]);
  return {
    logCount: logs.length,
    sums: {
      logQuota: sum(logs, 'quota'),
      limitedLogQuota: sum(logs.filter((l) => limitedIds.has(Number(l.token_id))), 'quota'),
      usersUsed: sum(users, 'used_quota'),
      usersQuota: sum(users, 'quota'),
      requestCount: sum(users, 'request_count'),
      tokensUsed: sum(tokens, 'used_quota'),
      limitedRemain: sum(tokens.filter((t) => limitedIds.has(Number(t.id))), 'remain_quota'),
      channelsUsed: sum(channels, 'used_quota'),
    },
  };
}
