import { randomBytes } from 'node:crypto';
import { BUS_REGISTRY, type MessageBus } from '@modelgate/contracts/bus';
import { createLogger, createNatsBus } from '@modelgate/runtime';
import { createTestDatabase, type MigratedTestDatabase } from '@modelgate/testkit/db';
import type { Sql } from '../support/relay-fixtures';
import { baseEnv, type LogLine, ServiceProcess } from '../support/service-process';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';

/**
 * Billing and one relay as separate built processes on PostgreSQL and NATS, each reaching both
 * through a TCP proxy the test controls, so a test can kill billing, cut the bus and cut the
 * database under load. The test's own SQL and bus connections go straight to the servers.
 */
export interface FaultStack {
  readonly relayUrl: string;
  readonly sql: Sql;
  readonly bus: MessageBus;
  readonly postgresProxy: TcpProxy;
  readonly natsProxy: TcpProxy;
  readonly billing: ServiceProcess;
  readonly relay: ServiceProcess;
  /** SIGKILLs billing and waits until it is gone. */
  killBilling(): Promise<void>;
  /** Starts billing again on its gRPC port and waits until it is ready. */
  startBilling(): Promise<void>;
  /** The output lines of every billing process started so far (the killed one included). */
  billingLines(): LogLine[];
  /** Stops the relay gracefully (it releases its quota leases through billing). */
  stopRelay(): Promise<number | null>;
  tail(): string;
  stop(): Promise<void>;
}

export interface FaultStackOptions {
  natsUrl: string;
  options: Record<string, string>;
  billingEnv: Record<string, string>;
}

const logger = createLogger({ service: 'fault-stack', level: 'silent' });

function through(url: string, proxy: TcpProxy): string {
  const parsed = new URL(url);
  parsed.hostname = '127.0.0.1';
  parsed.port = String(proxy.port);
  return parsed.toString();
}

/** Resolves with the first line of `child` matching `predicate` after `from` lines. */
export function nextLine(child: ServiceProcess, from: number, predicate: (line: LogLine) => boolean, timeoutMs = 30_000) {
  return child.waitFor((line) => child.lines.indexOf(line) >= from && predicate(line), timeoutMs);
}

export async function startFaultStack(options: FaultStackOptions): Promise<FaultStack> {
  const database: MigratedTestDatabase = await createTestDatabase({ seed: true, poolSize: 4 });
  const sql: Sql = (text, parameters = []) => database.dataSource.query(text, parameters);
  for (const [key, value] of Object.entries(options.options)) {
    await sql(`INSERT INTO options (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`, [key, value]);
  }
  const pg = new URL(database.url);
  const postgresProxy = await startTcpProxy({ host: pg.hostname, port: Number(pg.port || 5432) });
  const nats = new URL(options.natsUrl);
  const natsProxy = await startTcpProxy({ host: nats.hostname, port: Number(nats.port || 4222) });
  const namespace = `faults${randomBytes(4).toString('hex')}`;
  const processes: ServiceProcess[] = [];
  const start = (name: string, env: Record<string, string>) => {
    const child = new ServiceProcess(
      name,
      `services/${name}/dist/main.js`,
      baseEnv({
        DATABASE_URL: through(database.url, postgresProxy),
        NATS_URL: through(options.natsUrl, natsProxy).replace(/\/$/, ''),
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
  const ready = (child: ServiceProcess) => child.waitFor((l) => l.msg === `${child.name} service ready`, 60_000);
  let bus: MessageBus | undefined;
  try {
    let billing = start('billing', { GRPC_PORT: '0', ...options.billingEnv });
    const billingPort = Number((await ready(billing)).grpc_port);
    const relay = start('relay', {
      GRPC_PORT: '0',
      PORT: '0',
      HOST: '127.0.0.1',
      BILLING_GRPC_ADDR: `127.0.0.1:${billingPort}`,
    });
    const listening = await relay.waitFor((l) => l.msg === 'relay HTTP listening', 60_000);
    await ready(relay);
    bus = await createNatsBus({ registry: BUS_REGISTRY, url: options.natsUrl, namespace, logger });
    const sharedBus = bus;
    const tail = () => processes.map((child) => `--- ${child.name}\n${child.tail(30)}`).join('\n');
    return {
      relayUrl: `http://127.0.0.1:${String(listening.port)}`,
      sql,
      bus: sharedBus,
      postgresProxy,
      natsProxy,
      get billing() {
        return billing;
      },
      relay,
      async killBilling() {
        const pid = billing.pid;
        if (pid === undefined) throw new Error('billing has no process id');
        process.kill(pid, 'SIGKILL');
        await billing.exitCode();
      },
      async startBilling() {
        billing = start('billing', { GRPC_PORT: String(billingPort), ...options.billingEnv });
        await ready(billing);
      },
      billingLines: () => processes.filter((child) => child.name === 'billing').flatMap((child) => child.lines),
      stopRelay: () => relay.stop(),
      tail,
      async stop() {
        await Promise.all(processes.map((child) => child.stop().catch(() => undefined)));
        await sharedBus.close();
        await postgresProxy.close();
        await natsProxy.close();
        await database.drop();
      },
    };
  } catch (error) {
    await bus?.close();
    await Promise.all(processes.map((child) => child.stop().catch(() => undefined)));
    await postgresProxy.close();
    await natsProxy.close();
    await database.drop();
    throw new Error(`${String(error)}\n${processes.map((child) => `--- ${child.name}\n${child.tail(20)}`).join('\n')}`, {
      cause: error,
    });
  }
}
