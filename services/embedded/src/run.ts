import { relayWorkerCount, workersArgument } from '@modelgate/relay';
import { loadConfigOrExit } from '@modelgate/runtime';
import { stopTelemetry } from '@modelgate/runtime/telemetry';
import { startEmbeddedCluster } from './cluster-primary';
import { embeddedConfig } from './config';
import { startEmbeddedStack } from './embedded-stack';

const stopRequested = new AbortController();

async function run(): Promise<void> {
  const config = loadConfigOrExit(embeddedConfig);
  let workers: number;
  try {
    // As the standalone relay: --workers=N|auto, else RELAY_WORKERS, else 1 (everything in this process).
    workers = relayWorkerCount({ argument: workersArgument(process.argv), env: process.env });
  } catch (error) {
    process.stderr.write(`Modelgate: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(64);
  }
  const starting =
    workers > 1
      ? startEmbeddedCluster(config, workers, { signal: stopRequested.signal })
      : startEmbeddedStack(config, { signal: stopRequested.signal });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      stopRequested.abort();
      // A start still in progress undoes itself on abort; wait for that before exiting.
      void starting
        .then((stack) => stack.stop(), () => undefined)
        .then(stopTelemetry)
        .finally(() => process.exit(0));
    });
  }
  const stack = await starting;
  const lines = [
    '',
    `  Modelgate is running at ${stack.url}`,
    `    console and /api   ${stack.url}/`,
    `    OpenAI-compatible  ${stack.url}/v1`,
    ...(workers > 1 ? [`    workers            ${workers} (relay and /api each, sharing the port)`] : []),
    ...(stack.metricsPort === undefined ? [] : [`    Prometheus metrics http://${config.metricsHost}:${stack.metricsPort}/metrics`]),
    stack.rootCreated
      ? '  First sign-in: username root, password 123456 (change the password right away).'
      : '  Sign in with your administrator account (the first one is root).',
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

run().catch((error: unknown) => {
  // Stopped during start-up: the signal handler finishes the exit.
  if (stopRequested.signal.aborted) return;
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`Modelgate failed to start: ${detail}\n`);
  process.exit(1);
});
