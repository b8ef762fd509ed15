/**
 * How long a `channel.changed` event stops the relay's event loop on a large database: one channel
 * changed and named by its event, then one changed behind an event naming none (the path of the
 * periodic safety reload: every channel's fingerprint compared with the database). Each change
 * disables or re-enables one seeded channel, so the relay's `modelgate_relay_channels` gauge tells
 * when it has been applied; the longest event-loop delay over that time is read from the relay's
 * own metrics (prom-client's `nodejs_eventloop_lag_max_seconds`, reset at every scrape). Each
 * kind is measured a few times, beside as many idle seconds.
 */
import { BUS_REGISTRY } from '@modelgate/contracts/bus';
import { ChannelStatus, createDataSource } from '@modelgate/db';
import { createLogger, createNatsBus } from '@modelgate/runtime';
import { fetchMetricsPage, metricSample, metricSum } from './metrics-page';

/** The sampling period of prom-client's event-loop monitor: every delay it reports includes it. */
export const LAG_RESOLUTION_MS = 10;

export interface ChannelEventsTarget {
  metricsUrl: string;
  /** The relay's database. */
  databaseUrl: string;
  natsUrl: string;
  /** The relay's NATS namespace. */
  natsNamespace: string;
  /** Name of a channel to disable and enable again (one the benchmark's requests do not use). */
  channelName: string;
}

/** What one change cost the relay. */
export interface EventStall {
  /** From publishing the event until the relay's metrics showed the change. */
  appliedMs: number;
  /** The longest time the event loop was held beyond its monitor's period, over that time. */
  blockedMs: number;
  /** Garbage-collection pauses over that time, all together. */
  gcMs: number;
}

export interface ChannelEventStalls {
  /** Each idle second (no event), for comparison (`appliedMs` is the second itself). */
  idle: EventStall[];
  /** Each disable behind an event naming the channel. */
  namedEvents: EventStall[];
  /** Each enable behind an event naming none. */
  unnamedEvents: EventStall[];
}

/** Disable-and-enable rounds, and idle seconds: a garbage collection can hold the loop any time, so one reading is not enough. */
export const EVENT_ROUNDS = 3;

const POLL_MS = 100;
const APPLY_TIMEOUT_MS = 60_000;


/** The longest event-loop hold since the last scrape, in ms beyond the monitor's period. */
export function blockedMsOf(page: string): number {
  const lagS = metricSample(page, 'nodejs_eventloop_lag_max_seconds');
  if (lagS === null) throw new Error("the relay's metrics have no nodejs_eventloop_lag_max_seconds");
  return Math.max(0, lagS * 1000 - LAG_RESOLUTION_MS);
}

/** Garbage-collection pauses so far, in ms (prom-client's `nodejs_gc_duration_seconds`, every kind). */
export function gcMsOf(page: string): number {
  return metricSum(page, 'nodejs_gc_duration_seconds_sum') * 1000;
}

/**
 * Scrapes the relay until `applied` holds for its page: the longest hold over every page read
 * (each scrape resets the monitor, so together they cover the whole time since `before`, the
 * page read when the time started) and the collections' pauses since then.
 */
async function untilApplied(metricsUrl: string, applied: (page: string) => boolean, before: string, started: number): Promise<EventStall> {
  let blockedMs = 0;
  for (;;) {
    const page = await fetchMetricsPage(metricsUrl);
    blockedMs = Math.max(blockedMs, blockedMsOf(page));
    if (applied(page)) return { appliedMs: performance.now() - started, blockedMs, gcMs: gcMsOf(page) - gcMsOf(before) };
    if (performance.now() - started > APPLY_TIMEOUT_MS) throw new Error(`the relay did not apply a channel change within ${APPLY_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

const disabledChannels = (page: string) => metricSample(page, 'modelgate_relay_channels', { state: 'disabled' });

export async function measureChannelEvents(target: ChannelEventsTarget, rounds = EVENT_ROUNDS): Promise<ChannelEventStalls> {
  const logger = createLogger({ service: 'bench-events', level: 'error' });
  const dataSource = createDataSource({ url: target.databaseUrl, poolSize: 1, applicationName: 'modelgate-bench-events', logger });
  await dataSource.initialize();
  const bus = await createNatsBus({ registry: BUS_REGISTRY, url: target.natsUrl, namespace: target.natsNamespace, logger }).catch(
    async (error: unknown) => {
      await dataSource.destroy();
      throw error;
    },
  );
  try {
    const setStatus = async (status: number): Promise<number> => {
      const rows = (await dataSource.query('UPDATE channels SET status = $1 WHERE name = $2 RETURNING id', [status, target.channelName])) as [
        Array<{ id: number }>,
        number,
      ];
      const id = rows[0]?.[0]?.id;
      if (id === undefined) throw new Error(`no channel named '${target.channelName}'`);
      return id;
    };
    const disabledBefore = disabledChannels(await fetchMetricsPage(target.metricsUrl)) ?? 0;
    const idle: EventStall[] = [];
    for (let second = 0; second < rounds; second++) {
      const before = await fetchMetricsPage(target.metricsUrl);
      const started = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      idle.push(await untilApplied(target.metricsUrl, () => true, before, started));
    }
    const namedEvents: EventStall[] = [];
    const unnamedEvents: EventStall[] = [];
    for (let round = 0; round < rounds; round++) {
      const id = await setStatus(ChannelStatus.ManuallyDisabled);
      let before = await fetchMetricsPage(target.metricsUrl);
      let started = performance.now();
      await bus.publish('modelgate.evt.config.channel.changed', { channelIds: [id], reason: 'bench: one channel disabled' });
      namedEvents.push(await untilApplied(target.metricsUrl, (page) => disabledChannels(page) === disabledBefore + 1, before, started));

      await setStatus(ChannelStatus.Enabled);
      before = await fetchMetricsPage(target.metricsUrl);
      started = performance.now();
      await bus.publish('modelgate.evt.config.channel.changed', { channelIds: [], reason: 'bench: compare every channel' });
      unnamedEvents.push(await untilApplied(target.metricsUrl, (page) => disabledChannels(page) === disabledBefore, before, started));
    }
    return { idle, namedEvents, unnamedEvents };
  } finally {
    await bus.close();
    await dataSource.destroy();
  }
}
