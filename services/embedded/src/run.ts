import { loadConfigOrExit } from '@modelgate/runtime';
import { stopTelemetry } from '@modelgate/runtime/telemetry';
import { embeddedConfig } from './config';
import { startEmbeddedStack } from './embedded-stack';

async function run(): Promise<void> {
  const config = loadConfigOrExit(embeddedConfig);
  const stack = await startEmbeddedStack(config);
  const lines = [
    '',
    `  Modelgate is running at ${stack.url}`,
    `    console and /api   ${stack.url}/`,
    `    OpenAI-compatible  ${stack.url}/v1`,
    stack.rootCreated
      ? '  First sign-in: username root, password 123456 (change the password right away).'
      : '  Sign in with your administrator account (the first one is root).',
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void stack
        .stop()
        .then(stopTelemetry)
        .finally(() => process.exit(0));
    });
  }
}

run().catch((error: unknown) => {
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`Modelgate failed to start: ${detail}\n`);
  process.exit(1);
});
