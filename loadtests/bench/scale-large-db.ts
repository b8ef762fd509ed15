/**
 * The large-database scale scenario: the relay started on 10,000 channels and 1,000,000 tokens,
 * its requests against a relay on a small database, and the event-loop holds of channel events.
 */
import { type EventStall, measureChannelEvents } from './channel-events';
import { createServerDatabase } from './database';
import { startFakeUpstream } from './peers';
import { readCpuTicks, readRssMb, waitUntilQuiet } from './proc-stats';
import { type RelayStack, startRelayStack } from './relay-stack';
import { ms, SCALE_TARGETS, type ScaleOptions, type ScaleReport } from './scale-report';
import { sequential } from './scale-requests';
import { LARGE_TABLES, seedLargeTables, seededTokenKey } from './scale-seed';
import { summarize } from './stats';
import { checkTarget, UNITS } from './targets';
import type { LatencySummary } from './types';

/** A place the same token's requests go, compared side by side. */
interface Leg {
  url: string;
  key: string;
}

/**
 * The same token's requests to each leg, in alternating blocks after a warm-up of each, so a change
 * in the machine's load falls on every leg alike; the latency of each leg's 2xx answers.
 */
async function alternated(legs: Leg[], warmup: number, rounds: number, perRound: number): Promise<{ latency: Array<LatencySummary | null>; failed: number }> {
  const samples = legs.map((): number[] => []);
  let failed = 0;
  for (const leg of legs) failed += (await sequential(leg.url, warmup, () => leg.key)).failed;
  for (let round = 0; round < rounds; round++) {
    for (const [i, leg] of legs.entries()) {
      const block = await sequential(leg.url, perRound, () => leg.key);
      samples[i]!.push(...block.samples);
      failed += block.failed;
    }
  }
  return { latency: samples.map((s) => summarize(s)), failed };
}

/** Requests per leg of the large-database comparison: a warm-up, then alternating blocks. */
const COMPARE = { warmup: 300, rounds: 5, perRound: 200 } as const;

/** The latency a large database may add to a request, at p50, against the same relay on a small one. */
const MAX_TABLE_SIZE_P50_MS = 0.1;

/** The longest an event may hold the relay's event loop. */
const MAX_EVENT_BLOCK_MS = 20;

/** A seeded channel no benchmark request is routed to (its models are the seeded ones). */
const EVENT_CHANNEL = 'scale 1';

/**
 * The large database: seeds 10,000 channels (100,000 abilities) and 1,000,000 tokens, starts the
 * relay (with billing, under `--max-old-space-size=256`) on it and reports its start time and its
 * memory once started. Then a second relay stack on a small database (the grid's) starts, and the
 * same token's requests go to the fake upstream directly, to the small one and to the large one in
 * alternating blocks: a request must cost the same whatever the tables' size. Tokens used for the
 * first time cost one indexed query each. Last, one channel is changed behind a `channel.changed`
 * event naming it and behind one naming none (the safety reload's comparison of every channel),
 * and the longest event-loop hold of each is read from the relay's metrics.
 */
export async function largeDatabase(options: ScaleOptions, report: ScaleReport): Promise<void> {
  const fake = await startFakeUpstream(options.repoRoot);
  const stacks: RelayStack[] = [];
  try {
    options.log(`scale: seeding ${LARGE_TABLES.channels} channels and ${LARGE_TABLES.tokens} tokens`);
    const database = await createServerDatabase(options.databaseUrl, fake.url);
    const seededAt = performance.now();
    await seedLargeTables(database.url!, fake.url).catch(async (error: unknown) => {
      await database.drop();
      throw error;
    });
    options.log(`scale: seeded in ${((performance.now() - seededAt) / 1000).toFixed(1)} s; starting the relay on it`);
    const stackOptions = {
      repoRoot: options.repoRoot,
      fakeUpstreamUrl: fake.url,
      databaseUrl: options.databaseUrl,
      natsUrl: options.natsUrl,
      logLevel: options.logLevel,
      profileDir: null,
    };
    const relay = await startRelayStack({ ...stackOptions, database });
    stacks.push(relay);
    const startedRss = readRssMb(relay.relayPid);
    // CPU the relay used to start (ticks of 10 ms): on a busy machine the wall time mostly waits for a core.
    const startCpuS = (readCpuTicks(relay.relayPid) ?? Number.NaN) / 100;
    const tables = `${LARGE_TABLES.channels.toLocaleString('en-US')} channels, ${LARGE_TABLES.tokens.toLocaleString('en-US')} tokens`;
    report.checks.push(
      checkTarget(
        `relay starts under the chart's heap with ${tables}`,
        relay.startMs / 1000,
        { atMost: SCALE_TARGETS.maxStartS },
        { format: (v: number) => `${v.toFixed(2)} s` },
        'the relay did not start',
      ),
    );

    options.log('scale: the same requests to a relay on a small database and on the large one, alternated');
    const small = await startRelayStack(stackOptions);
    stacks.push(small);
    const compared = await alternated(
      [
        { url: fake.url, key: 'sk-fake' },
        { url: small.url, key: small.tokenKey },
        { url: relay.url, key: relay.tokenKey },
      ],
      COMPARE.warmup,
      COMPARE.rounds,
      COMPARE.perRound,
    );
    const [direct, onSmall, onLarge] = compared.latency;
    // Tokens 1..500 of the million, each sent once: a cache miss and one indexed query each.
    const cold = await sequential(relay.url, 500, (i) => `sk-${seededTokenKey(1 + i * 1999)}`);
    const rss = readRssMb(relay.relayPid);
    const added = (s: LatencySummary | null | undefined) =>
      s && direct ? `+${(s.p50 - direct.p50).toFixed(2)} / +${(s.p99 - direct.p99).toFixed(2)} ms` : '–';
    const perLeg = COMPARE.rounds * COMPARE.perRound;
    report.rows.push(
      [`large database (${tables})`, 'relay start (spawn → answering)', `${(relay.startMs / 1000).toFixed(2)} s`],
      ['', 'CPU time the relay used to start', `${startCpuS.toFixed(2)} s`],
      ['', `relay RSS once started / after ${(COMPARE.warmup + perLeg + 500).toLocaleString('en-US')} requests`, `${startedRss?.toFixed(0) ?? '?'} MB / ${rss?.toFixed(0) ?? '?'} MB`],
      ['', `direct, 1 conn (${perLeg} requests, alternated with the two relays)`, ms(direct ?? null)],
      ['', 'relay on a small database (the grid\'s), same token, added p50 / p99', added(onSmall)],
      ['', 'relay on the large database, same token (in memory), added p50 / p99', added(onLarge)],
      ['', 'relay on the large database, 500 tokens used once (one query each), added p50 / p99', added(summarize(cold.samples))],
    );
    if (compared.failed + cold.failed > 0) report.notes.push(`Large database: ${compared.failed + cold.failed} requests failed.`);
    report.checks.push(
      checkTarget(
        'latency the large database adds to a request (p50, against a small database)',
        onSmall && onLarge ? onLarge.p50 - onSmall.p50 : null,
        { atMost: MAX_TABLE_SIZE_P50_MS },
        UNITS.ms,
        'no request answered',
      ),
    );
    // The events are timed against the relay's idle seconds: the small stack goes, and the relay
    // and billing finish the requests' work (usage, logs) first, so what remains is the event's.
    stacks.splice(stacks.indexOf(small), 1);
    await small.stop();
    const quiet = await waitUntilQuiet(relay.processes, { maxWaitMs: 15_000 });
    if (quiet.stillBusy) report.notes.push(`Large database: ${quiet.stillBusy.name} was still busy before the channel events.`);
    await channelEvents(options, relay, database.url!, report);
  } finally {
    for (const stack of stacks.reverse()) await stack.stop();
    await fake.service.stop();
  }
}

/** The event-loop holds of {@link measureChannelEvents} on the large database, as rows and targets. */
async function channelEvents(options: ScaleOptions, relay: RelayStack, databaseUrl: string, report: ScaleReport): Promise<void> {
  if (!relay.metricsUrl || !relay.natsNamespace) {
    report.notes.push('Channel events on the large database were not measured: the relay runs without NATS or its own metrics page.');
    return;
  }
  options.log('scale: channel events on the large database');
  const stalls = await measureChannelEvents({
    metricsUrl: relay.metricsUrl,
    databaseUrl,
    natsUrl: options.natsUrl,
    natsNamespace: relay.natsNamespace,
    channelName: EVENT_CHANNEL,
  });
  const held = (stalls: EventStall[], what: string) =>
    `${stalls.map((stall) => stall.blockedMs.toFixed(1)).join(', ')} ms (collections ${stalls.map((stall) => stall.gcMs.toFixed(1)).join(', ')} ms${what})`;
  const applied = (stalls: EventStall[]) => `; applied after ${stalls.map((stall) => stall.appliedMs.toFixed(0)).join(', ')} ms`;
  report.rows.push(
    ['', 'event loop held at most: each idle second', held(stalls.idle, '')],
    ['', 'event loop held at most: one channel changed, its event naming it', held(stalls.namedEvents, applied(stalls.namedEvents))],
    [
      '',
      'event loop held at most: an event naming none (every channel compared, as the safety reload)',
      held(stalls.unnamedEvents, applied(stalls.unnamedEvents)),
    ],
  );
  for (const [label, events] of [
    ['one channel named', stalls.namedEvents],
    ['every channel compared', stalls.unnamedEvents],
  ] as const) {
    report.checks.push(
      checkTarget(
        `longest event-loop hold on a channel event with 10,000 channels (${label}, ${events.length} events)`,
        Math.max(...events.map((stall) => stall.blockedMs)),
        { atMost: MAX_EVENT_BLOCK_MS },
        UNITS.ms,
        '',
      ),
    );
  }
}
