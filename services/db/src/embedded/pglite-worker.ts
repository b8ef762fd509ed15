/**
 * The embedded database runs in its own worker thread, for two reasons:
 *
 * - PGlite executes every statement synchronously inside WebAssembly. On the main thread each
 *   query would stall the event loop of every service sharing the process (the all-in-one
 *   `npm start`), including the relay's streaming. In a worker, only the worker waits.
 * - PGlite loads its runtime with dynamic `import()`, which jest's module sandbox refuses. A
 *   worker thread is a plain Node.js environment, so the same code runs under tests.
 *
 * The worker is started from source text (`eval`) rather than a file because the package runs both
 * from TypeScript sources (tests) and compiled output; the modules it needs are resolved by the
 * caller and passed in as absolute paths.
 */

/** What the main thread passes to the worker. */
export interface PgliteWorkerData {
  dataDir: string;
  host: string;
  port: number;
  maxConnections: number;
  /** Absolute paths of `@electric-sql/pglite` and `@electric-sql/pglite-socket` (CommonJS). */
  modules: { pglite: string; socket: string };
}

/** Messages from the worker. */
export type PgliteWorkerEvent =
  | { type: 'started'; address: string }
  | { type: 'failed'; message: string; code?: string }
  | { type: 'connection-error'; message: string }
  | { type: 'stopped' };

/** Messages to the worker. */
export type PgliteWorkerCommand = { type: 'stop' };

export const PGLITE_WORKER_SOURCE = `
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.modules.pglite);
const { PGLiteSocketServer } = require(workerData.modules.socket);

async function main() {
  const db = await PGlite.create({ dataDir: workerData.dataDir });
  const server = new PGLiteSocketServer({
    db,
    host: workerData.host,
    port: workerData.port,
    maxConnections: workerData.maxConnections,
  });
  server.addEventListener('error', (event) => {
    parentPort.postMessage({ type: 'connection-error', message: describe(event.detail) });
  });
  try {
    await server.start();
  } catch (error) {
    await db.close();
    throw error;
  }
  parentPort.on('message', (command) => {
    if (command.type !== 'stop') return;
    server.stop()
      .finally(() => db.close())
      .then(() => parentPort.postMessage({ type: 'stopped' }))
      .catch((error) => parentPort.postMessage({ type: 'failed', message: describe(error) }));
  });
  parentPort.postMessage({ type: 'started', address: server.getServerConn() });
}

function describe(error) {
  return String((error && error.message) || error);
}

main().catch((error) => {
  parentPort.postMessage({ type: 'failed', message: describe(error), code: error && error.code });
});
`;
