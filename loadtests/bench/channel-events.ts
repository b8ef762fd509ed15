/**
 * How long a `channel.changed` event stops the relay's event loop on a large database: one channel
 * changed and named by its event, then one changed behind an event naming none (the path of the
 * periodic safety reload: every channel's fingerprint compared with the database). Each change
 * disables or re-enables one seeded channel, so the relay's `modelgate_relay_channels` gauge tells
 * when it has been applied; the longest event-loop delay over that time is read from the relay's
 * own metrics (prom-client's `nodejs_eventloop_lag_max_seconds`, reset at every scrape).
 */
import { BUS_REGISTRY } from '@modelgate/contracts/bus';
import { ChannelStatus, createDataSource } from '@modelgate/db';
import { createLogger, createNatsBus } from '@modelgate/runtime';
import { metricSample } from './metrics-page';

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
}

export interface ChannelEventStalls {
  /** The longest hold over a second with no event, for comparison. */
  idleBlockedMs: number;
  namedEvent: EventStall;
  unnamedEvent: EventStall;
}

const POLL_MS = 100;
const APPLY_TIMEOUT_MS = 60_000;

async function scrape(metricsUrl: string): Promise<string> {
  const res = await fetch(metricsUrl, { signal: AbortSignal.timeout(5_000) });
  if (!res.ok) throw new Error(`the relay's metrics answered ${res.status}`);
  return res.text();
}

/** The longest event-loop hold since the last scrape, in ms beyond the monitor's period. */
export function blockedMsOf(page: string): number {
  const lagS = metricSample(page, 'nodejs_eventloop_lag_max_seconds');
  if (lagS === null) throw new Error("the relay's metrics have no nodejs_eventloop_lag_max_seconds");
  return Math.max(0, lagS * 1000 - LAG_RESOLUTION_MS);
}

/**
 * Scrapes the relay until `applied` holds for its page; the longest hold over every page read
 * (each scrape resets the monitor, so together they cover the whole time).
 */
async function untilApplied(metricsUrl: string, applied: (page: string) => boolean, started: number): Promise<EventStall> {
  let blockedMs = 0;
  for (;;) {
    const page = await scrape(metricsUrl);
    blockedMs = Math.max(blockedMs, blockedMsOf(page));
    if (applied(page)) return { appliedMs: performance.now() - started, blockedMs };
    if (performance.now() - started > APPLY_TIMEOUT_MS) throw new Error(`the relay did not apply a channel change within ${APPLY_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

const disabledChannels = (page: string) => metricSample(page, 'modelgate_relay_channels', { state: 'disabled' });

export async function measureChannelEvents(target: ChannelEventsTarget): Promise<ChannelEventStalls> {
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
    const disabledBefore = disabledChannels(await scrape(target.metricsUrl)) ?? 0;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const idleBlockedMs = blockedMsOf(await scrape(target.metricsUrl));

    const id = await setStatus(ChannelStatus.ManuallyDisabled);
    let started = performance.now();
    await bus.publish('modelgate.evt.config.channel.changed', { channelIds: [id], reason: 'bench: one channel disabled' });
    const namedEvent = await untilApplied(target.metricsUrl, (page) => disabledChannels(page) === disabledBefore + 1, started);

    await setStatus(ChannelStatus.Enabled);
    started = performance.now();
    await bus.publish('modelgate.evt.config.channel.changed', { channelIds: [], reason: 'bench: compare every channel' });
    const unnamedEvent = await untilApplied(target.metricsUrl, (page) => disabledChannels(page) === disabledBefore, started);
    return { idleBlockedMs, namedEvent, unnamedEvent };
  } finally {
    await bus.close();
    await dataSource.destroy();
  }
}
