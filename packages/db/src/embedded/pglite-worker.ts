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
 *
 * PGlite trusts whoever connects, and a loopback port is open to every local user. So the worker
 * authenticates each connection itself before PGlite sees it, as PostgreSQL does with
 * `scram-sha-256`: the client must prove it knows `password` (random, chosen by the caller for
 * each start, never stored) through a SCRAM-SHA-256 exchange, which `pg` and every other
 * PostgreSQL client speak; the password never crosses the socket. Only then is the client's
 * start-up message handed to PGlite, which answers it (AuthenticationOk onwards) as usual.
 */

/** What the main thread passes to the worker. */
export interface PgliteWorkerData {
  dataDir: string;
  host: string;
  port: number;
  maxConnections: number;
  /** The password every connection must prove (SCRAM-SHA-256) before PGlite serves it. */
  password: string;
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
const crypto = require('node:crypto');
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.modules.pglite);
const { PGLiteSocketServer } = require(workerData.modules.socket);

// SCRAM-SHA-256 (RFC 5802 / 7677) as PostgreSQL runs it, server side. The verifier is derived
// once per start from the password and a random salt; each connection then costs two HMACs.
const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;
const SCRAM_ITERATIONS = 4096;
const AUTH_TIMEOUT_MS = 10000;
const MAX_AUTH_MESSAGE = 10000;
const AUTH_SASL = 10;
const AUTH_SASL_CONTINUE = 11;
const AUTH_SASL_FINAL = 12;

const hmac = (key, text) => crypto.createHmac('sha256', key).update(text).digest();
const sha256 = (bytes) => crypto.createHash('sha256').update(bytes).digest();

function scramVerifier(password) {
  const salt = crypto.randomBytes(16);
  const salted = crypto.pbkdf2Sync(password, salt, SCRAM_ITERATIONS, 32, 'sha256');
  return {
    salt: salt.toString('base64'),
    storedKey: sha256(hmac(salted, 'Client Key')),
    serverKey: hmac(salted, 'Server Key'),
  };
}

function authenticationMessage(code, payload) {
  const body = Buffer.from(payload, 'utf8');
  const message = Buffer.alloc(9 + body.length);
  message.write('R', 0, 'latin1');
  message.writeInt32BE(8 + body.length, 1);
  message.writeInt32BE(code, 5);
  body.copy(message, 9);
  return message;
}

function errorResponse(sqlState, text) {
  const fields = Buffer.from('SFATAL\\0VFATAL\\0C' + sqlState + '\\0M' + text + '\\0\\0', 'utf8');
  const message = Buffer.alloc(5 + fields.length);
  message.write('E', 0, 'latin1');
  message.writeInt32BE(4 + fields.length, 1);
  fields.copy(message, 5);
  return message;
}

/** The attributes of a SCRAM message (\`r=…,s=…\`) by name. */
function scramAttributes(text) {
  const attributes = new Map();
  for (const part of text.split(',')) {
    if (part.length >= 2 && part[1] === '=') attributes.set(part[0], part.slice(2));
  }
  return attributes;
}

/**
 * Runs the start-up and SCRAM exchange on a new socket. On success the socket is paused and
 * \`onAuthenticated\` receives the client's start-up message (and anything after it), for PGlite;
 * a client that fails, stalls or speaks something else gets a FATAL error and is disconnected.
 */
function authenticate(socket, verifier, onAuthenticated, onRefused) {
  let buffer = Buffer.alloc(0);
  let stage = 'startup';
  let startup;
  let gs2Header;
  let clientFirstBare;
  let serverFirst;
  let nonce;
  let done = false;
  const timer = setTimeout(() => refuse('authentication timed out'), AUTH_TIMEOUT_MS);
  const finish = () => {
    done = true;
    clearTimeout(timer);
    socket.off('data', onData);
    socket.off('error', onError);
    socket.off('close', onClose);
  };
  const refuse = (reason, sqlState = '28000') => {
    if (done) return;
    finish();
    if (socket.writable) socket.end(errorResponse(sqlState, reason), () => socket.destroy());
    else socket.destroy();
    onRefused(reason);
  };
  const onError = (error) => refuse(String((error && error.message) || error));
  const onClose = () => refuse('connection closed during authentication');

  // One message at a time: returns true when one was consumed and another may follow.
  const step = () => {
    if (stage === 'startup') {
      if (buffer.length < 8) return false;
      const length = buffer.readInt32BE(0);
      const code = buffer.readInt32BE(4);
      if (length < 8 || length > MAX_AUTH_MESSAGE) throw new Error('invalid start-up message');
      if (buffer.length < length) return false;
      const message = Buffer.from(buffer.subarray(0, length));
      buffer = buffer.subarray(length);
      if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
        socket.write('N');
        return true;
      }
      if (code !== PROTOCOL_3) throw new Error('unsupported protocol or request');
      startup = message;
      socket.write(authenticationMessage(AUTH_SASL, 'SCRAM-SHA-256\\0\\0'));
      stage = 'sasl-initial';
      return true;
    }
    if (buffer.length < 5) return false;
    if (buffer[0] !== 0x70) throw new Error('expected a password message');
    const length = buffer.readInt32BE(1);
    if (length < 4 || length > MAX_AUTH_MESSAGE) throw new Error('invalid password message');
    if (buffer.length < 1 + length) return false;
    const body = Buffer.from(buffer.subarray(5, 1 + length));
    buffer = buffer.subarray(1 + length);
    if (stage === 'sasl-initial') {
      const end = body.indexOf(0);
      if (end < 0 || body.toString('utf8', 0, end) !== 'SCRAM-SHA-256') throw new Error('unsupported SASL mechanism');
      const dataLength = body.readInt32BE(end + 1);
      const clientFirst = body.toString('utf8', end + 5, end + 5 + Math.max(dataLength, 0));
      const header = /^([ny]),(a=[^,]*)?,/.exec(clientFirst);
      if (!header) throw new Error('unsupported SCRAM channel binding');
      gs2Header = header[0];
      clientFirstBare = clientFirst.slice(gs2Header.length);
      const clientNonce = scramAttributes(clientFirstBare).get('r');
      if (!clientNonce) throw new Error('no client nonce');
      nonce = clientNonce + crypto.randomBytes(18).toString('base64');
      serverFirst = 'r=' + nonce + ',s=' + verifier.salt + ',i=' + SCRAM_ITERATIONS;
      socket.write(authenticationMessage(AUTH_SASL_CONTINUE, serverFirst));
      stage = 'sasl-final';
      return true;
    }
    const clientFinal = body.toString('utf8');
    const proofAt = clientFinal.lastIndexOf(',p=');
    if (proofAt < 0) throw new Error('no client proof');
    const withoutProof = clientFinal.slice(0, proofAt);
    const attributes = scramAttributes(withoutProof);
    const proof = Buffer.from(clientFinal.slice(proofAt + 3), 'base64');
    const authMessage = clientFirstBare + ',' + serverFirst + ',' + withoutProof;
    const clientSignature = hmac(verifier.storedKey, authMessage);
    const proven =
      attributes.get('r') === nonce &&
      attributes.get('c') === Buffer.from(gs2Header).toString('base64') &&
      proof.length === clientSignature.length &&
      crypto.timingSafeEqual(sha256(proof.map((byte, index) => byte ^ clientSignature[index])), verifier.storedKey);
    if (!proven) {
      refuse('password authentication failed for user "postgres"', '28P01');
      return false;
    }
    socket.write(authenticationMessage(AUTH_SASL_FINAL, 'v=' + hmac(verifier.serverKey, authMessage).toString('base64')));
    // Paused before the listener goes, so nothing the client sends next is lost.
    socket.pause();
    finish();
    onAuthenticated(Buffer.concat([startup, buffer]));
    return false;
  };
  function onData(chunk) {
    buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
    try {
      while (!done && step()) {}
    } catch (error) {
      refuse(String((error && error.message) || error), '08P01');
    }
  }
  socket.on('data', onData);
  socket.on('error', onError);
  socket.on('close', onClose);
}

// PGlite is one backend session shared by every connection. The socket server's own queue
// interleaves connections message by message, so one client's Parse/Bind/Execute can be cut by
// another's and fail ("portal cannot be run"). This queue gives PGlite to one connection for a
// whole cycle: from its first message until a Sync, a simple Query or its start-up completes,
// and for as long as that connection has a transaction open.
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
  // Every connection proves the password before the server hands it to PGlite.
  const verifier = scramVerifier(workerData.password);
  const serve = server.handleConnection.bind(server);
  server.handleConnection = (socket) => {
    authenticate(
      socket,
      verifier,
      (startup) => {
        socket.unshift(startup);
        void serve(socket);
        socket.resume();
      },
      (reason) => parentPort.postMessage({ type: 'connection-error', message: 'authentication refused: ' + reason }),
    );
  };
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
