import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Logger } from '@modelgate/runtime';
import { lockDataDir } from './data-dir-lock';
import {
  PGLITE_WORKER_SOURCE,
  type PgliteWorkerCommand,
  type PgliteWorkerData,
  type PgliteWorkerEvent,
} from './pglite-worker';

/** How long `stop()` waits for the database to flush before ending its thread anyway. */
const STOP_TIMEOUT_MS = 15_000;

/** Connections the embedded server accepts at once unless told otherwise. */
export const DEFAULT_EMBEDDED_MAX_CONNECTIONS = 16;

export interface EmbeddedPostgresOptions {
  /**
   * Directory holding the database files; created when missing, reused when present. Only one
   * process may use it at a time (a lock file inside enforces this).
   */
  dataDir: string;
  /**
   * Interface to bind. Default `127.0.0.1`. Every connection must prove a password generated for
   * this start (it is in `url`), so other local users cannot connect; keep it on loopback anyway.
   */
  host?: string;
  /** TCP port; 0 (the default) picks a free one, reported as `port`. */
  port?: number;
  /**
   * Connections served at once (default 16). A connection beyond this is **dropped**, not
   * queued, so the pools of every data source using this server must together stay below it.
   */
  maxConnections?: number;
  logger: Logger;
}

/** A running embedded PostgreSQL. */
export interface EmbeddedPostgres {
  /**
   * `postgres://postgres:<password>@host:port/postgres`, for `createDataSource` or `pg`. The
   * password is random, generated for this start and kept nowhere else: hand the URL only to the
   * pools of this process (and the processes it starts), never log it.
   */
  readonly url: string;
  /** The port actually bound. */
  readonly port: number;
  readonly maxConnections: number;
  /**
   * Closes the server and then the database, flushing it to `dataDir`. Destroy every data
   * source using it first; their connections are cut otherwise. Safe to call twice.
   */
  stop(): Promise<void>;
}

/**
 * Starts PostgreSQL in-process — PGlite (PostgreSQL compiled to WebAssembly) with its files
 * under `dataDir`, on its own worker thread, served over the PostgreSQL wire protocol — so `pg`
 * and TypeORM connect to it exactly as to a real server. For `npm start` on a bare machine and for
 * tests without `DATABASE_URL`. PGlite itself trusts every connection, so the server asks each one
 * for a password generated at this start (SCRAM-SHA-256, as PostgreSQL does), carried by `url`:
 * another local user cannot connect to the loopback port.
 *
 * Costs and limits: the first start on an empty directory runs initdb (about 5–8 s and ~800 MB
 * RSS on a 2-core machine); later starts take about half a second. Every connection shares one
 * backend that runs one statement at a time, and an open transaction holds all other connections
 * until it ends: never wait on a second connection while holding a transaction, and test
 * concurrency on a real PostgreSQL.
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgres> {
  const { logger } = options;
  const host = options.host ?? '127.0.0.1';
  const maxConnections = options.maxConnections ?? DEFAULT_EMBEDDED_MAX_CONNECTIONS;
  const dataDir = resolve(options.dataDir);
  // A new password for every start: only those given `url` may connect.
  const password = randomBytes(32).toString('hex');

  // Only this user may read the database files (directories created here; an existing one is kept as it is).
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const unlock = await lockDataDir(dataDir);
  const firstStart = !existsSync(join(dataDir, 'PG_VERSION'));
  if (firstStart) {
    logger.info({ data_dir: dataDir }, 'initialising a new embedded database (a few seconds)');
  }

  const startedAt = performance.now();
  let worker: Worker | undefined;
  let port: number;
  try {
    const workerData: PgliteWorkerData = {
      dataDir,
      host,
      port: options.port ?? 0,
      maxConnections,
      password,
      modules: {
        pglite: require.resolve('@electric-sql/pglite'),
        socket: require.resolve('@electric-sql/pglite-socket'),
      },
    };
    worker = new Worker(PGLITE_WORKER_SOURCE, {
      eval: true,
      workerData,
      name: 'modelgate-embedded-postgres',
    });
    port = portOf(await waitForStart(worker));
  } catch (error) {
    await worker?.terminate();
    await unlock();
    throw error;
  }

  const running = worker;
  let stopping: Promise<void> | undefined;
  let exited = false;
  running.on('message', (event: PgliteWorkerEvent) => {
    if (event.type === 'connection-error') {
      logger.debug({ reason: event.message }, 'embedded database connection error');
    }
  });
  running.on('error', (error) => logger.error({ err: error }, 'embedded database failed'));
  running.on('exit', (code) => {
    exited = true;
    if (!stopping) logger.error({ exit_code: code }, 'embedded database stopped unexpectedly');
  });

  const url = `postgres://postgres:${password}@${host.includes(':') ? `[${host}]` : host}:${port}/postgres`;
  logger.info(
    {
      data_dir: dataDir,
      host,
      port,
      max_connections: maxConnections,
      first_start: firstStart,
      duration_ms: Math.round(performance.now() - startedAt),
    },
    'embedded database started',
  );

  return {
    url,
    port,
    maxConnections,
    stop: () => {
      stopping ??= (async () => {
        try {
          if (!exited) await stopWorker(running);
        } finally {
          await unlock();
        }
        logger.info({ data_dir: dataDir }, 'embedded database stopped');
      })();
      return stopping;
    },
  };
}

/** Resolves with the bound `host:port` once the worker serves, rejects with its start error. */
function waitForStart(worker: Worker): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const cleanup = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    const onMessage = (event: PgliteWorkerEvent) => {
      if (event.type === 'started') {
        cleanup();
        resolvePromise(event.address);
      } else if (event.type === 'failed') {
        cleanup();
        reject(Object.assign(new Error(event.message), event.code ? { code: event.code } : {}));
      }
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onExit = (code: number) => {
      cleanup();
      reject(new Error(`embedded database worker exited with code ${code} while starting`));
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
  });
}

/** Asks the worker to close the server and flush the database, then ends the thread. */
async function stopWorker(worker: Worker): Promise<void> {
  const stopped = new Promise<void>((resolvePromise, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`embedded database did not stop within ${STOP_TIMEOUT_MS} ms`)),
      STOP_TIMEOUT_MS,
    );
    worker.on('message', (event: PgliteWorkerEvent) => {
      if (event.type === 'stopped' || event.type === 'failed') {
        clearTimeout(timer);
        if (event.type === 'stopped') resolvePromise();
        else reject(new Error(`embedded database failed to stop: ${event.message}`));
      }
    });
    worker.once('exit', () => {
      clearTimeout(timer);
      resolvePromise();
    });
  });
  worker.postMessage({ type: 'stop' } satisfies PgliteWorkerCommand);
  try {
    await stopped;
  } finally {
    await worker.terminate();
  }
}

/** The worker reports `host:port`; the port is what follows the last colon. */
function portOf(address: string): number {
  const port = Number(address.slice(address.lastIndexOf(':') + 1));
  if (!Number.isInteger(port) || port <= 0) {
    throw new Error(`embedded database reported an unexpected address: ${address}`);
  }
  return port;
}
