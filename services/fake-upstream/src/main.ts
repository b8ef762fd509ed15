// Runs the fake upstream as its own process: `node dist/main.js --port 0` prints its URL.
import { runCli } from './cli';

runCli(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`fake-upstream: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(64);
});
