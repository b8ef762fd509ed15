// A front worker of the all-in-one process (see cluster-worker.ts); main.ts loads this in workers.
import { runEmbeddedWorker } from './cluster-worker';

void runEmbeddedWorker();
