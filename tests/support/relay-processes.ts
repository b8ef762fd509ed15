import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startBillingService } from '@modelgate/billing';
import { BUS_REGISTRY, type MessageBus } from '@modelgate/contracts/bus';
import { createTestDatabase, type MigratedTestDatabase } from '@modelgate/testkit/db';
import { startRelayService, type RunningRelay } from '@modelgate/relay';
import {
  createInProcessBus,
  createLogger,
  createNatsBus,
  generateServiceSecret,
  MODELGATE_VERSION,
} from '@modelgate/runtime';
import type { RunningService } from '@modelgate/service-host';
import { eventually, seedChannel, type Sql, TEST_OUTBOUND_ALLOWED_RANGES } from './relay-fixtures';
import { baseEnv, type LogLine, ServiceProcess } from './service-process';

/**
 * Billing plus N relays on one database and one bus, for the tests about what crosses relay
 * replicas (auto-disable, token and option changes) and about settlement surviving billing's
 * absence.
 *
 * - `processes` (NATS_URL set): every service is its own built Node process
 *   (`services/<name>/dist/main.js`), on a fresh database (PostgreSQL when DATABASE_URL is set)
 *   and a NATS namespace of its own. This is the production topology.
 * - `in-process` (no NATS_URL): the same services started in this process through their
 *   `start<Name>Service` factories, sharing the in-process bus — the embedded stack's topology,
 *   with each relay on its own HTTP port and its own caches.
 */
export type ClusterMode = 'processes' | 'in-process';

export interface RelayCluster {
  readonly mode: ClusterMode;
  /** `postgres` on a server, `embedded` on the PGlite fallback. */
  readonly databaseKind: 'postgres' | 'embedded';
  /** `http://127.0.0.1:PORT` of each relay's data plane (its `/v1`). */
  readonly relayUrls: readonly string[];
  /** The relay processes' ids, in the order of `relayUrls` (processes mode; empty in-process). */
  readonly relayPids: readonly number[];
  /** SQL on the cluster's database. */
  readonly sql: Sql;
  /** The bus the services share: publish change events on it, as identity and the admin API do. */
  readonly bus: MessageBus;
  /** Stops billing (its gRPC server and its settlement consumer). */
  stopBilling(): Promise<void>;
  /** Starts billing again on the gRPC port the relays were given. */
  startBilling(): Promise<void>;
  /** Writes options to the table and announces them with `option.changed`, as identity does. */
  setOptions(values: Record<string, string>): Promise<void>;
  /** The last output lines of every process (empty in-process), for failure messages. */
  tail(): string;
  stop(): Promise<void>;
}

export interface RelayClusterOptions {
  /** Relays to start (default 1). */
  relays?: number;
  /** Options stored before the services start (they load them at start-up). */
  options?: Record<string, string>;
  /** Extra environment of the relay processes (processes mode only). */
  relayEnv?: Record<string, string>;
}

const logger = createLogger({ service: 'relay-cluster-test', level: 'silent' });

async function storeOptions(sql: Sql, values: Record<string, string>): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    await sql(`INSERT INTO options (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`, [
      key,
      value,
    ]);
  }
}

/** Starts billing and the relays in the mode NATS_URL selects (see {@link ClusterMode}). */
export async function startRelayCluster(options: RelayClusterOptions = {}): Promise<RelayCluster> {
  const natsUrl = process.env.NATS_URL;
  return natsUrl ? startProcessCluster(natsUrl, options) : startInProcessCluster(options);
}

function sqlOf(database: MigratedTestDatabase): Sql {
  return (text, parameters = []) => database.dataSource.query(text, parameters);
}

async function startProcessCluster(natsUrl: string, options: RelayClusterOptions): Promise<RelayCluster> {
  const database = await createTestDatabase({ seed: true, poolSize: 4 });
  const sql = sqlOf(database);
  const namespace = `relay${randomBytes(4).toString('hex')}`;
  const processes: ServiceProcess[] = [];
  let bus: MessageBus | undefined;
  const start = (name: string, env: Record<string, string>) => {
    const child = new ServiceProcess(
      name,
      `services/${name}/dist/main.js`,
      baseEnv({
        DATABASE_URL: database.url,
        NATS_URL: natsUrl,
        NATS_NAMESPACE: namespace,
        GRPC_HOST: '127.0.0.1',
        DATABASE_POOL_SIZE: '4',
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'info',
        ...env,
      }),
    );
    processes.push(child);
    return child;
  };
  const ready = async (child: ServiceProcess): Promise<LogLine> => child.waitFor((l) => l.msg === `${child.name} service ready`);
  try {
    await storeOptions(sql, { OutboundAllowedRanges: TEST_OUTBOUND_ALLOWED_RANGES, ...options.options });
    let billing = start('billing', { GRPC_PORT: '0' });
    const billingPort = Number((await ready(billing)).grpc_port);
    const billingAddress = `127.0.0.1:${billingPort}`;
    const relays = Array.from({ length: options.relays ?? 1 }, () =>
      start('relay', { GRPC_PORT: '0', PORT: '0', HOST: '127.0.0.1', BILLING_GRPC_ADDR: billingAddress, ...options.relayEnv }),
    );
    const relayUrls: string[] = [];
    for (const relay of relays) {
      const listening = await relay.waitFor((l) => l.msg === 'relay HTTP listening');
      await ready(relay);
      relayUrls.push(`http://127.0.0.1:${String(listening.port)}`);
    }
    bus = await createNatsBus({ registry: BUS_REGISTRY, url: natsUrl, namespace, logger });
    const sharedBus = bus;
    return {
      mode: 'processes',
      databaseKind: database.kind,
      relayUrls,
      relayPids: relays.map((relay) => relay.pid ?? 0),
      sql,
      bus: sharedBus,
      async stopBilling() {
        expect(await billing.stop()).toBe(0);
      },
      async startBilling() {
        billing = start('billing', { GRPC_PORT: String(billingPort) });
        await ready(billing);
      },
      async setOptions(values) {
        await storeOptions(sql, values);
        await sharedBus.publish('modelgate.evt.config.option.changed', { keys: Object.keys(values), values });
      },
      tail: () => processes.map((child) => `--- ${child.name}\n${child.tail(20)}`).join('\n'),
      async stop() {
        // Relays first: they release their quota leases through billing.
        await Promise.all(relays.map((child) => child.stop().catch(() => undefined)));
        await Promise.all(processes.map((child) => child.stop().catch(() => undefined)));
        await sharedBus.close();
        await database.drop();
      },
    };
  } catch (error) {
    await bus?.close();
    await Promise.all(processes.map((child) => child.stop().catch(() => undefined)));
    await database.drop();
    throw new Error(
      `${String(error)}\n${processes.map((child) => `--- ${child.name}\n${child.tail(20)}`).join('\n')}`,
      { cause: error },
    );
  }
}

async function startInProcessCluster(options: RelayClusterOptions): Promise<RelayCluster> {
  const database = await createTestDatabase({ seed: true, poolSize: 8 });
  const sql = sqlOf(database);
  const bus = createInProcessBus({ registry: BUS_REGISTRY, logger });
  const grpcSecret = generateServiceSecret();
  const deps = (port: number) => ({
    logger,
    dataSource: database.dataSource,
    bus,
    grpc: { host: '127.0.0.1', port },
    grpcSecret,
    grpcDeadlineMs: 5_000,
    version: MODELGATE_VERSION,
  });
  let billing: RunningService | undefined;
  const relays: Array<{ relay: RunningRelay; server: Server }> = [];
  const stopAll = async () => {
    for (const { relay, server } of relays) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await relay.stop(2_000);
    }
    await billing?.stop(2_000);
    billing = undefined;
    await bus.close();
    await database.drop();
  };
  try {
    await storeOptions(sql, { OutboundAllowedRanges: TEST_OUTBOUND_ALLOWED_RANGES, ...options.options });
    billing = await startBillingService(deps(0));
    const billingPort = billing.grpcPort;
    const relayUrls: string[] = [];
    for (let i = 0; i < (options.relays ?? 1); i++) {
      // No identity in this cluster: the playground (the only caller of identity) is not exercised.
      const relay = await startRelayService({ ...deps(0), billingAddress: `127.0.0.1:${billingPort}`, identityAddress: '127.0.0.1:1', taskAddress: '127.0.0.1:1' });
      const server = createServer(relay.listener);
      relays.push({ relay, server });
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      relayUrls.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    }
    return {
      mode: 'in-process',
      databaseKind: database.kind,
      relayUrls,
      relayPids: [],
      sql,
      bus,
      async stopBilling() {
        await billing?.stop(2_000);
        billing = undefined;
      },
      async startBilling() {
        billing = await startBillingService(deps(billingPort));
      },
      async setOptions(values) {
        await storeOptions(sql, values);
        await bus.publish('modelgate.evt.config.option.changed', { keys: Object.keys(values), values });
      },
      tail: () => '',
      stop: stopAll,
    };
  } catch (error) {
    await stopAll().catch(() => undefined);
    throw error;
  }
}

/** A `/v1` answer: status and parsed JSON body (the raw text when it is not JSON). */
export interface RelayAnswer {
  status: number;
  body: any;
  /** The relay's `X-Request-Id`: the billing key of the request (its consume log's `request_id`). */
  requestId: string | null;
}

/**
 * POSTs a small chat completion for `model` through the relay at `url`. `marker` goes in the
 * body's `user` field, which the relay forwards untouched, so the fake upstream's log tells which
 * client request each upstream call belongs to.
 */
export async function chat(
  url: string,
  apiKey: string,
  model: string,
  marker?: string,
  extra: Record<string, unknown> = {},
): Promise<RelayAnswer> {
  const res = await fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }], ...(marker ? { user: marker } : {}), ...extra }),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: keep the text.
  }
  return { status: res.status, body, requestId: res.headers.get('x-request-id') };
}

/** Whether `GET /v1/models` of this token lists `model` (the relay's routing table has it). */
export async function listsModel(url: string, apiKey: string, model: string): Promise<boolean> {
  const res = await fetch(`${url}/v1/models`, { headers: { authorization: `Bearer ${apiKey}` } });
  if (res.status !== 200) return false;
  const body = (await res.json()) as { data?: Array<{ id: string }> };
  return (body.data ?? []).some((entry) => entry.id === model);
}

/** Runs `count` tasks with at most `concurrency` at once; results in task order. */
export async function inBatches<T>(count: number, concurrency: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}

/**
 * Waits until every relay at `urls` routes with every channel committed so far. It seeds a beacon
 * channel serving a model of its own, announces it, and waits until each relay lists that model:
 * a relay reloads channels and abilities in one transaction, so a snapshot that has the beacon has
 * every channel inserted before it. (Waiting for a test's own model instead can return after a
 * reload that saw only the first of several channels seeded for it.)
 */
export async function awaitRouting(
  sql: Sql,
  bus: MessageBus,
  urls: readonly string[],
  apiKey: string,
  baseUrl: string,
  timeoutMs = 10_000,
): Promise<void> {
  const beacon = `beacon-${randomBytes(5).toString('hex')}`;
  await seedChannel(sql, { baseUrl, key: `sk-${beacon}`, models: [beacon] }, bus);
  for (const url of urls) {
    if (!(await eventually(() => listsModel(url, apiKey, beacon), timeoutMs))) {
      throw new Error(`relay ${url} did not load the channels within ${timeoutMs} ms`);
    }
  }
}
