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

// PGlite is one backend session shared by every connection. The socket server's own queue
// interleaves connections message by message, so one client's Parse/Bind/Execute can be cut by
// another's and fail ("portal cannot be run"). This queue gives PGlite to one connection for a
// whole cycle: from its first message until a Sync, a simple Query or its start-up completes,
// and for as long as that connection has a transaction open.
const PROTOCOL_3 = 196608;
class CycleQueue {
  constructor(db) {
    this.db = db;
    this.queue = [];
    this.processing = false;
    this.owner = null;
  }
  enqueue(handlerId, message, onData) {
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.process();
    });
  }
  endsCycle(message) {
    const type = message[0];
    if (type === 0x53 || type === 0x51 || type === 0x58) return true; // Sync, Query, Terminate
    const view = Buffer.from(message.buffer, message.byteOffset, message.byteLength);
    return view.length >= 8 && view.readInt32BE(4) === PROTOCOL_3; // start-up message
  }
  async process() {
    if (this.processing) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const index = this.owner === null ? 0 : this.queue.findIndex((item) => item.handlerId === this.owner);
        if (index === -1) break;
        const [item] = this.queue.splice(index, 1);
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (data) => {
                bytes += data.length;
                item.onData(data);
              },
            }),
          );
        } catch (error) {
          this.owner = null;
          item.reject(error);
          continue;
        }
        this.owner = this.endsCycle(item.message) && !this.db.isInTransaction() ? null : item.handlerId;
        item.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  }
  getQueueLength() {
    return this.queue.length;
  }
  clearQueueForHandler(handlerId) {
    this.queue = this.queue.filter((item) => {
      if (item.handlerId !== handlerId) return true;
      item.reject(new Error('Handler disconnected'));
      return false;
    });
  }
  async clearTransactionIfNeeded(handlerId) {
    if (this.owner !== handlerId) return;
    if (this.db.isInTransaction()) await this.db.exec('ROLLBACK');
    this.owner = null;
    await this.process();
  }
}

async function main() {
  const db = await PGlite.create({ dataDir: workerData.dataDir });
  const server = new PGLiteSocketServer({
    db,
    host: workerData.host,
    port: workerData.port,
    maxConnections: workerData.maxConnections,
  });
  // Every connection the server accepts takes its queue from here.
  server.queryQueue = new CycleQueue(db);
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
