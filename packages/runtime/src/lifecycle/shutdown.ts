import type { Logger } from 'pino';

/** One step of an orderly stop, e.g. "close HTTP server". */
export interface ShutdownStep {
  name: string;
  run: () => Promise<void> | void;
}

export interface Shutdown {
  /** Adds a step; steps run in reverse order of registration (last opened, first closed). */
  add(name: string, run: ShutdownStep['run']): void;
  /** Runs every step once; later calls return the same promise. */
  run(reason: string): Promise<void>;
  /** Calls `run` on SIGTERM and SIGINT, then exits the process. */
  installSignalHandlers(): void;
  /** Aborted as soon as shutdown begins: stops start-up retries. */
  readonly signal: AbortSignal;
}

/**
 * Graceful shutdown: stop accepting, drain in-flight work, then close the bus and the database.
 * Each step gets its share of `timeoutMs`; a step that hangs is abandoned with a log line, so
 * SIGTERM always ends the process within the bound.
 */
export function createShutdown(logger: Logger, timeoutMs: number): Shutdown {
  const steps: ShutdownStep[] = [];
  const controller = new AbortController();
  let running: Promise<void> | undefined;

  const runSteps = async (reason: string) => {
    controller.abort(new Error(`shutting down: ${reason}`));
    logger.info({ reason }, 'shutting down');
    const deadline = Date.now() + timeoutMs;
    for (const step of [...steps].reverse()) {
      const remaining = Math.max(100, deadline - Date.now());
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          Promise.resolve().then(step.run),
          new Promise<void>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`timed out after ${remaining} ms`)), remaining);
          }),
        ]);
      } catch (error) {
        logger.warn({ err: error, step: step.name }, 'shutdown step did not finish cleanly');
      } finally {
        clearTimeout(timer);
      }
    }
    logger.info('shutdown complete');
  };

  return {
    signal: controller.signal,
    add(name, run) {
      steps.push({ name, run });
    },
    run(reason) {
      running ??= runSteps(reason);
      return running;
    },
    installSignalHandlers() {
      for (const signal of ['SIGTERM', 'SIGINT'] as const) {
        process.once(signal, () => {
          void this.run(signal).finally(() => process.exit(0));
        });
      }
    },
  };
}
