import type { Worker } from 'node:cluster';
import type { BusChannel } from './ipc-bus-protocol';

/**
 * The IPC channel of a cluster worker (or any forked child) to its parent, as a `BusChannel`.
 * Start the workers with `serialization: 'advanced'` so message bodies cross as bytes.
 */
export function channelToParent(child: NodeJS.Process = process): BusChannel {
  return {
    send(message) {
      // A message sent while the parent goes away is lost, as on a dropped connection.
      if (child.connected && child.send) child.send(message, undefined, {}, () => undefined);
    },
    onMessage(listener) {
      child.on('message', listener);
      return () => void child.off('message', listener);
    },
    onClose(listener) {
      child.once('disconnect', listener);
      return () => void child.off('disconnect', listener);
    },
    get connected() {
      return child.connected === true;
    },
  };
}

/** The primary's IPC channel to one cluster worker, as a `BusChannel`. */
export function channelToWorker(worker: Worker): BusChannel {
  return {
    send(message) {
      if (worker.isConnected()) worker.send(message, undefined, () => undefined);
    },
    onMessage(listener) {
      worker.on('message', listener);
      return () => void worker.off('message', listener);
    },
    onClose(listener) {
      worker.once('disconnect', listener);
      return () => void worker.off('disconnect', listener);
    },
    get connected() {
      return worker.isConnected();
    },
  };
}
