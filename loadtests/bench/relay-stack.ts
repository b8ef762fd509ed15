import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ChildService } from './child-service';
import { type BenchDatabase, createEmbeddedDatabase, createServerDatabase } from './database';
import { canConnect, freePort, hostPort, waitUntil } from './net';
import { childPids, waitUntilQuiet, type WatchedProcess } from './proc-stats';

/** Our gateway as the benchmark runs it. */
export interface RelayStack {
  /** Origin of the relay's `/v1` surface. */
  url: string;
  /** `sk-…` key of the benchmark token. */
  tokenKey: string;
  /** How it was deployed, for the report. */
  topology: string;
  /** The process whose memory is the relay's. */
  relayPid: number;
  /** Every process of the stack, to let their leftover work settle between scenarios. */
  processes: WatchedProcess[];
  /** Where the relay's CPU profile is written on exit, when profiling. */
  profileDir: string | null;
  /** Milliseconds from starting the relay process until it answered HTTP. */
  startMs: number;
  /**
   * Starts one more relay running `workers` node:cluster workers behind its one port, stopped with
   * the stack: on the same billing, database and NATS namespace (a replica of the first relay),
   * or, for the embedded stack, a whole second stack on a database of its own.
   */
  addRelay(workers: number): Promise<WorkersRelay>;
  /** The relay's Prometheus page (`/metrics`), when it runs as its own process. */
  metricsUrl?: string;
  /** The stack's private NATS namespace, when it runs on NATS (to publish the events it reacts to). */
  natsNamespace?: string;
  stop(): Promise<void>;
}

/** A relay that runs several workers, as {@link RelayStack.addRelay} started it. */
export interface WorkersRelay {
  /** Origin of its `/v1` surface. */
  url: string;
  /** `sk-…` key of the benchmark token there: the first relay's, unless it has a database of its own. */
  tokenKey: string;
  /** Its primary process; the workers are the primary's children. */
  pid: number;
  /** The primary, its workers and what else serves its requests, to let their work settle. */
  processes: WatchedProcess[];
  /** How it was deployed, for the report. */
  topology: string;
}

export interface RelayStackOptions {
  repoRoot: string;
  fakeUpstreamUrl: string;
  /** PostgreSQL server to create the benchmark database on. */
  databaseUrl: string;
  natsUrl: string;
  /** Log level of the services; `warn` keeps logging off the hot path as in production. */
  logLevel: string;
  /** Directory for a V8 CPU profile of the relay; null for none. */
  profileDir: string | null;
  /** A database already prepared (e.g. seeded large); a fresh one is made when omitted. */
  database?: BenchDatabase;
  /** Extra environment of the relay process. */
  relayEnv?: Record<string, string>;
  /** Every traffic limit on, none ever met (`--limits`). */
  limits?: boolean;
  /**
   * The benchmark's channels offer HTTP/2 (`upstream_http2`) to the fake upstream, which must
   * then serve https; pass its certificate as `UPSTREAM_CA_FILE` in `relayEnv`.
   */
  upstreamHttp2?: boolean;
}

/**
 * Variables the benchmark sets itself; inherited values would point the services elsewhere.
 * RELAY_WORKERS too: the relay of the `relay` targets is always one process, and the relay with
 * workers says how many on its command line.
 */
const OWN_VARIABLES = [
  'DATABASE_URL',
  'NATS_URL',
  'NATS_NAMESPACE',
  'PORT',
  'HOST',
  'GRPC_PORT',
  'GRPC_HOST',
  'MODELGATE_DATA_DIR',
  'RELAY_WORKERS',
];

function serviceEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of OWN_VARIABLES) delete env[name];
  return { ...env, ...overrides };
}

/**
 * Starts the relay the way production runs it when PostgreSQL and NATS answer: relay and
 * billing as separate processes on a fresh database and a private NATS namespace, with token
 * authentication, quota reservation, settlement and consume logging all on. Without NATS it
 * falls back to the one-process embedded stack on that database, and without PostgreSQL to
 * the embedded stack on its embedded database; the topology text says which.
 */
export async function startRelayStack(options: RelayStackOptions): Promise<RelayStack> {
  const db = hostPort(options.databaseUrl, 5432);
  const nats = hostPort(options.natsUrl, 4222);
  const [hasPostgres, hasNats] = await Promise.all([canConnect(db.host, db.port), canConnect(nats.host, nats.port)]);
  const seed = { limits: options.limits, upstreamHttp2: options.upstreamHttp2 };
  const newDatabase = () =>
    hasPostgres
      ? createServerDatabase(options.databaseUrl, options.fakeUpstreamUrl, seed)
      : createEmbeddedDatabase(options.fakeUpstreamUrl, seed);
  const databases = [options.database ?? (await newDatabase())];
  const services: ChildService[] = [];
  const stop = async () => {
    for (const service of services.splice(0).reverse()) await service.stop();
    for (const database of databases.splice(0)) await database.drop();
  };
  try {
    const where = `PostgreSQL at ${db.host}:${db.port}`;
    if (hasPostgres && hasNats) {
      const started = await startSplit(options, databases[0]!, services);
      return {
        ...started,
        topology: `relay and billing as separate processes on ${where} and NATS at ${nats.host}:${nats.port}`,
        profileDir: options.profileDir,
        stop,
      };
    }
    const started = await startEmbedded(options, databases[0]!, services);
    const reason = hasPostgres
      ? `on ${where}; NATS did not answer at ${nats.host}:${nats.port}`
      : `on its embedded PostgreSQL; nothing answered at ${db.host}:${db.port}`;
    const addRelay = async (workers: number): Promise<WorkersRelay> => {
      // One embedded stack per database: a second one on the same would run billing twice.
      const database = await newDatabase();
      databases.push(database);
      const second = await startEmbedded({ ...options, profileDir: null }, database, services, workers);
      return withWorkers(second, workers, [], `a second embedded stack with --workers=${workers} on a database of its own (its RSS is the whole stack's, primary and workers)`);
    };
    return {
      ...started,
      topology: `embedded stack, every service in one process (fallback ${reason}); its RSS is the whole stack's`,
      profileDir: options.profileDir,
      addRelay,
      stop,
    };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}

type Started = Pick<RelayStack, 'url' | 'tokenKey' | 'relayPid' | 'processes' | 'startMs' | 'metricsUrl' | 'natsNamespace'>;

async function startSplit(
  options: RelayStackOptions,
  database: BenchDatabase,
  services: ChildService[],
): Promise<Started & Pick<RelayStack, 'addRelay'>> {
  const [billingGrpc, relayGrpc, relayHttp, relayMetrics] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const common = {
    DATABASE_URL: database.url!,
    NATS_URL: options.natsUrl,
    NATS_NAMESPACE: `bench${randomBytes(4).toString('hex')}`,
    GRPC_HOST: '127.0.0.1',
    // The service secret billing and the relay share (docs/adr/0020-service-authentication.md).
    GRPC_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: options.logLevel,
    // Metrics served as in production, on a free port so parallel runs never collide.
    METRICS_PORT: '0',
  };
  const billing = new ChildService({
    name: 'billing',
    args: [path.join(options.repoRoot, 'services/billing/dist/main.js')],
    env: serviceEnv({ ...common, GRPC_PORT: String(billingGrpc) }),
    cwd: options.repoRoot,
  });
  services.push(billing);
  await billing.whileRunning(waitUntil(() => canConnect('127.0.0.1', billingGrpc), 60_000, 'billing gRPC'));

  /** A relay process on this billing, database and NATS namespace; flags before its script. */
  const startRelay = async (name: string, flags: string[], grpcPort: number, httpPort: number, args: string[] = [], env: Record<string, string> = {}) => {
    const relay = new ChildService({
      name,
      // Started the way the relay ships (its package's start script): with a capped old space,
      // which keeps V8 from growing the heap far past what the relay holds.
      args: [...flags, RELAY_HEAP_FLAG, path.join(options.repoRoot, 'services/relay/dist/main.js'), ...args],
      env: serviceEnv({
        ...common,
        GRPC_PORT: String(grpcPort),
        PORT: String(httpPort),
        HOST: '127.0.0.1',
        BILLING_GRPC_ADDR: `127.0.0.1:${billingGrpc}`,
        ...env,
        ...options.relayEnv,
      }),
      cwd: options.repoRoot,
    });
    services.push(relay);
    const url = `http://127.0.0.1:${httpPort}`;
    await relay.whileRunning(waitUntil(() => answers(url), 60_000, `${name} HTTP`, 20));
    return { relay, url };
  };
  const spawnedAt = performance.now();
  // A known metrics port, so the scale scenario can read the relay's heap from its metrics.
  const { relay, url } = await startRelay('relay', profileFlags(options.profileDir), relayGrpc, relayHttp, [], {
    METRICS_PORT: String(relayMetrics),
  });
  const startMs = performance.now() - spawnedAt;
  const processes: WatchedProcess[] = [
    { pid: relay.pid, name: 'the relay', role: 'target' },
    { pid: billing.pid, name: 'billing', role: 'billing' },
  ];
  const addRelay = async (workers: number): Promise<WorkersRelay> => {
    const [grpcPort, httpPort] = await Promise.all([freePort(), freePort()]);
    // Never profiled: the profile and its report are the one-process relay's.
    const second = await startRelay(`relay-${workers}w`, [], grpcPort, httpPort, [`--workers=${workers}`]);
    return withWorkers(
      { url: second.url, tokenKey: database.tokenKey, relayPid: second.relay.pid },
      workers,
      [{ pid: billing.pid, name: 'billing', role: 'billing' }],
      `a second relay process with ${workers} node:cluster workers on the same billing, database and NATS namespace`,
    );
  };
  return {
    url,
    tokenKey: database.tokenKey,
    relayPid: relay.pid,
    processes,
    startMs,
    addRelay,
    metricsUrl: `http://127.0.0.1:${relayMetrics}/metrics`,
    natsNamespace: common.NATS_NAMESPACE,
  };
}

/**
 * A relay whose primary answers HTTP, once all its workers are running and have settled (their
 * start-up work done, so it does not count against the first scenario).
 */
async function withWorkers(
  relay: Pick<Started, 'url' | 'tokenKey' | 'relayPid'>,
  workers: number,
  others: WatchedProcess[],
  topology: string,
): Promise<WorkersRelay> {
  const { url, tokenKey, relayPid: pid } = relay;
  await waitUntil(async () => childPids(pid).length >= workers, 60_000, `${workers} relay workers`);
  const own: WatchedProcess[] = [{ pid, name: `the ${workers}-worker relay's primary`, role: 'target' }];
  const children = childPids(pid).map((child, i) => ({ pid: child, name: `the ${workers}-worker relay's worker ${i + 1}`, role: 'target' as const }));
  await waitUntilQuiet([...own, ...children], { maxWaitMs: 20_000 });
  return { url, tokenKey, pid, processes: [...own, ...children, ...others], topology };
}

/** The relay's heap setting, as `npm start -w @modelgate/relay` and the deployment docs give it. */
const RELAY_HEAP_FLAG = '--max-old-space-size=256';

/** The embedded stack; with `workers`, its relay and edge run in that many node:cluster workers. */
async function startEmbedded(options: RelayStackOptions, database: BenchDatabase, services: ChildService[], workers?: number): Promise<Started> {
  const port = await freePort();
  const stack = new ChildService({
    name: workers ? `modelgate-${workers}w` : 'modelgate',
    args: [
      ...profileFlags(options.profileDir),
      path.join(options.repoRoot, 'services/embedded/dist/main.js'),
      ...(workers ? [`--workers=${workers}`] : []),
    ],
    env: serviceEnv({
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: options.logLevel,
      ...(database.url ? { DATABASE_URL: database.url } : { MODELGATE_DATA_DIR: database.dataDir! }),
      ...options.relayEnv,
    }),
    cwd: options.repoRoot,
  });
  services.push(stack);
  const spawnedAt = performance.now();
  const url = `http://127.0.0.1:${port}`;
  await stack.whileRunning(waitUntil(() => answers(url), 120_000, 'embedded stack HTTP'));
  const startMs = performance.now() - spawnedAt;
  return { url, tokenKey: database.tokenKey, relayPid: stack.pid, processes: [{ pid: stack.pid, name: 'the embedded stack', role: 'target' }], startMs };
}

function profileFlags(dir: string | null): string[] {
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}

/** True once the server answers HTTP at all (any status): it is listening and serving. */
async function answers(url: string): Promise<boolean> {
  const res = await fetch(`${url}/v1/models`, { signal: AbortSignal.timeout(1000) });
  await res.arrayBuffer();
  return true;
}
