import { BUS_REGISTRY, type MessageBus, type UsageRefund } from '@modelgate/contracts/bus';
import { createTestDatabase, type MigratedTestDatabase } from '@modelgate/testkit/db';
import { type FakeTaskUpstream, startFakeTaskUpstream } from '@modelgate/fake-upstream';
import { createInProcessBus, createLogger } from '@modelgate/runtime';
import { TaskPoller } from './task-poller';

jest.setTimeout(60_000);

const logger = createLogger({ service: 'test', level: 'silent' });

describe('TaskPoller', () => {
  let database: MigratedTestDatabase;
  let fake: FakeTaskUpstream;
  let bus: MessageBus;
  const refunds: UsageRefund[] = [];
  const query = (sql: string, parameters?: unknown[]) => database.dataSource.query(sql, parameters) as Promise<any[]>;

  const channel = async (key = 'mj-secret') =>
    (await query(`INSERT INTO channels (type, key, name, base_url) VALUES (5, $1, 'mj', $2) RETURNING id`, [key, fake.url]))[0].id as number;
  /** A drawing task the fake knows (unless `mjId` is given), stored as the relay records one. */
  const drawing = async (channelId: number, options: { submitTime?: number; mjId?: string; quota?: number } = {}) => {
    const mjId = options.mjId ?? fake.mj.book.create('mj', 'IMAGINE', 'a cat').id;
    await query(
      `INSERT INTO midjourneys (user_id, action, mj_id, channel_id, status, progress, submit_time, quota, request_id, model_name)
       VALUES (1, 'IMAGINE', $1, $2, 'SUBMITTED', '0%', $3, $4, $5, 'mj_imagine')`,
      [mjId, channelId, options.submitTime ?? Date.now(), options.quota ?? 50_000, `req-${mjId}`],
    );
    return mjId;
  };
  const statusOf = async (mjId: string) => (await query(`SELECT status, fail_reason FROM midjourneys WHERE mj_id = $1`, [mjId]))[0];
  const poller = (options: ConstructorParameters<typeof TaskPoller>[0]['options'] = {}, now?: () => number) =>
    new TaskPoller({ dataSource: database.dataSource, bus, logger, options, ...(now ? { now } : {}) });

  beforeAll(async () => {
    database = await createTestDatabase();
    fake = await startFakeTaskUpstream();
    bus = createInProcessBus({ registry: BUS_REGISTRY, logger });
    await bus.consume('modelgate.cmd.billing.usage.refund', { durable: 'test-refunds', handler: async (m) => void refunds.push(m.payload) });
  });
  afterAll(async () => {
    await bus?.close();
    await fake?.close();
    await database?.drop();
  });
  beforeEach(async () => {
    fake.reset();
    refunds.length = 0;
    await query(`DELETE FROM midjourneys`);
  });

  it('lets two replicas split the due tasks: each task polled once per interval, in bounded batches', async () => {
    const channels = [await channel(), await channel(), await channel()];
    for (let i = 0; i < 120; i++) {
      fake.mj.script({ steps: 1_000 });
      await drawing(channels[i % 3]!);
    }
    const at = Date.now();
    const [a, b] = [poller({ batchSize: 25, idsPerCall: 10, concurrency: 2 }, () => at), poller({ batchSize: 25, idsPerCall: 10, concurrency: 2 }, () => at)];
    const [first, second] = await Promise.all([a.pass(), b.pass()]);
    expect(first.claimed + second.claimed).toBe(120);
    const polled = fake.requests.filter((r) => r.path === '/mj/task/list-by-condition').flatMap((r) => r.body.ids as string[]);
    expect(polled).toHaveLength(120);
    expect(new Set(polled).size).toBe(120);
    expect(Math.max(...fake.requests.map((r) => (r.body.ids as string[] | undefined)?.length ?? 0))).toBeLessThanOrEqual(10);
    // Within the interval nothing is due again; every task moved to IN_PROGRESS once.
    expect((await a.pass()).claimed).toBe(0);
    expect((await query(`SELECT count(*)::int AS n FROM midjourneys WHERE status = 'IN_PROGRESS'`))[0].n).toBe(120);
  });

  it('fails timed-out tasks, tasks of deleted channels and upstream failures, refunding each once', async () => {
    const live = await channel();
    const gone = await channel();
    const old = await drawing(live, { submitTime: Date.now() - 2 * 3_600_000 });
    const orphan = await drawing(gone);
    fake.mj.script({ failAt: 1, reason: 'banned prompt' });
    const failing = await drawing(live);
    const free = await drawing(live, { quota: 0 });
    await query(`DELETE FROM channels WHERE id = $1`, [gone]);
    fake.mj.book.finish(free, 'also banned');

    // A callback refresh racing two pollers on the failing task.
    const [p, q] = [poller(), poller()];
    await Promise.all([p.pass(), q.pass(), p.refreshDrawingTask(failing)]);
    expect(await statusOf(old)).toEqual({ status: 'FAILURE', fail_reason: 'upstream task timeout (over 1 hour)' });
    expect(await statusOf(orphan)).toEqual({ status: 'FAILURE', fail_reason: `channel ${gone} was deleted` });
    expect(await statusOf(failing)).toEqual({ status: 'FAILURE', fail_reason: 'banned prompt' });
    expect(await statusOf(free)).toEqual({ status: 'FAILURE', fail_reason: 'also banned' });
    await p.pass();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The free task has nothing to refund; the others one refund each, of their full price.
    expect(refunds.map((r) => r.requestId).sort()).toEqual([`req-${failing}`, `req-${old}`, `req-${orphan}`].sort());
    expect(refunds.every((r) => r.quota === 50_000 && r.refundId === `refund:${r.requestId}`)).toBe(true);
    // Each refund carries the task and the cause for its log row, which the console words.
    const failed = refunds.find((r) => r.requestId === `req-${failing}`);
    expect(JSON.parse(failed?.other ?? '{}')).toEqual({ refund: { task: 'midjourney', upstream_id: expect.any(String), reason: 'banned prompt' } });
    expect((await query(`SELECT count(*)::int AS n FROM midjourneys WHERE refund_sent`))[0].n).toBe(3);
  });
});
