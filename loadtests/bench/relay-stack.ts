import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ChildService } from './child-service';
import { type BenchDatabase, createEmbeddedDatabase, createServerDatabase } from './database';
import { canConnect, freePort, hostPort, waitUntil } from './net';
import type { WatchedProcess } from './proc-stats';

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
  /** The relay's Prometheus page (`/metrics`), when it runs as its own process. */
  metricsUrl?: string;
  stop(): Promise<void>;
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

/** Variables the benchmark sets itself; inherited values would point the services elsewhere. */
const OWN_VARIABLES = ['DATABASE_URL', 'NATS_URL', 'NATS_NAMESPACE', 'PORT', 'HOST', 'GRPC_PORT', 'GRPC_HOST', 'MODELGATE_DATA_DIR'];

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
  const database = options.database ?? (hasPostgres
    ? await createServerDatabase(options.databaseUrl, options.fakeUpstreamUrl, seed)
    : await createEmbeddedDatabase(options.fakeUpstreamUrl, seed));
  const services: ChildService[] = [];
  const stop = async () => {
    for (const service of services.reverse()) await service.stop();
    await database.drop();
  };
  try {
    const where = `PostgreSQL at ${db.host}:${db.port}`;
    if (hasPostgres && hasNats) {
      const started = await startSplit(options, database, services);
      return {
        ...started,
        topology: `relay and billing as separate processes on ${where} and NATS at ${nats.host}:${nats.port}${workersNote()}`,
        profileDir: options.profileDir,
        stop,
      };
    }
    const started = await startEmbedded(options, database, services);
    const reason = hasPostgres
      ? `on ${where}; NATS did not answer at ${nats.host}:${nats.port}`
      : `on its embedded PostgreSQL; nothing answered at ${db.host}:${db.port}`;
    return {
      ...started,
      topology: `embedded stack, every service in one process (fallback ${reason}); its RSS is the whole stack's`,
      profileDir: options.profileDir,
      stop,
    };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}

type Started = Pick<RelayStack, 'url' | 'tokenKey' | 'relayPid' | 'processes' | 'startMs' | 'metricsUrl'>;

async function startSplit(options: RelayStackOptions, database: BenchDatabase, services: ChildService[]): Promise<Started> {
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

  const relay = new ChildService({
    name: 'relay',
    // Started the way the relay ships (its package's start script): with a capped old space,
    // which keeps V8 from growing the heap far past what the relay holds.
    args: [...profileFlags(options.profileDir), RELAY_HEAP_FLAG, path.join(options.repoRoot, 'services/relay/dist/main.js')],
    env: serviceEnv({
      ...common,
      GRPC_PORT: String(relayGrpc),
      PORT: String(relayHttp),
      HOST: '127.0.0.1',
      BILLING_GRPC_ADDR: `127.0.0.1:${billingGrpc}`,
      // A known port, so the scale scenario can read the relay's heap from its metrics.
      METRICS_PORT: String(relayMetrics),
      ...options.relayEnv,
    }),
    cwd: options.repoRoot,
  });
  const spawnedAt = performance.now();
  services.push(relay);
  const url = `http://127.0.0.1:${relayHttp}`;
  await relay.whileRunning(waitUntil(() => answers(url), 60_000, 'relay HTTP', 20));
  const startMs = performance.now() - spawnedAt;
  const processes = [
    { pid: relay.pid, name: 'the relay' },
    { pid: billing.pid, name: 'billing' },
  ];
  return { url, tokenKey: database.tokenKey, relayPid: relay.pid, processes, startMs, metricsUrl: `http://127.0.0.1:${relayMetrics}/metrics` };
}

/**
 * RELAY_WORKERS in the benchmark's environment reaches the relay (`RELAY_WORKERS=2 npm run bench`
 * compares one worker with two); the RSS sampled is then the supervising process's only.
 */
function workersNote(): string {
  const workers = process.env.RELAY_WORKERS?.trim();
  return workers && workers !== '1' ? `, the relay as RELAY_WORKERS=${workers} workers (RSS and CPU shown are its supervisor's only)` : '';
}

/** The relay's heap setting, as `npm start -w @modelgate/relay` and the deployment docs give it. */
const RELAY_HEAP_FLAG = '--max-old-space-size=256';

async function startEmbedded(options: RelayStackOptions, database: BenchDatabase, services: ChildService[]): Promise<Started> {
  const port = await freePort();
  const stack = new ChildService({
    name: 'modelgate',
    args: [...profileFlags(options.profileDir), path.join(options.repoRoot, 'services/embedded/dist/main.js')],
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
  return { url, tokenKey: database.tokenKey, relayPid: stack.pid, processes: [{ pid: stack.pid, name: 'the embedded stack' }], startMs };
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
