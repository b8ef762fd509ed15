import type { CoreAddresses } from './stack-parts';

/**
 * What the primary of the all-in-one process and its front workers tell each other over the
 * cluster's IPC channel. The database URL (with the embedded PostgreSQL's password) and the
 * service secret travel only here, never through the environment or the command line.
 */
export const WORKER_HELLO = 'modelgate.worker.hello';
export const WORKER_INIT = 'modelgate.worker.init';
export const WORKER_READY = 'modelgate.worker.ready';
export const WORKER_FAILED = 'modelgate.worker.failed';

/** Worker → primary, once it listens for its settings. */
export interface WorkerHello {
  type: typeof WORKER_HELLO;
}

/** Primary → worker: where the core and the database are. */
export interface WorkerInit extends CoreAddresses {
  type: typeof WORKER_INIT;
  databaseUrl: string;
  poolSize: number;
}

/** Worker → primary: its front serves on `port`. */
export interface WorkerReady {
  type: typeof WORKER_READY;
  port: number;
}

/** Worker → primary: its front could not start. */
export interface WorkerFailed {
  type: typeof WORKER_FAILED;
  message: string;
}

export type WorkerMessage = WorkerHello | WorkerInit | WorkerReady | WorkerFailed;

/** True for a message of this protocol of type `type`. */
export function isWorkerMessage<T extends WorkerMessage['type']>(
  message: unknown,
  type: T,
): message is Extract<WorkerMessage, { type: T }> {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;
}
