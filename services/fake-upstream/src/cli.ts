// The standalone fake upstream's command line: `--port N`, `--host H`, `--record`.
import { startFakeUpstream, type FakeUpstream, type FakeUpstreamOptions } from './server';

/** Reads the command-line arguments; throws on an unknown or malformed one. */
export function parseArguments(argv: readonly string[]): FakeUpstreamOptions {
  const options: FakeUpstreamOptions = { record: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const equals = arg.indexOf('=');
    const [name, inline] = equals < 0 ? [arg, undefined] : [arg.slice(0, equals), arg.slice(equals + 1)];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === '') throw new Error(`${name} needs a value`);
      return v;
    };
    switch (name) {
      case '--port': {
        const port = value();
        if (!/^\d+$/.test(port) || Number(port) > 65_535) throw new Error(`--port must be 0–65535, got '${port}'`);
        options.port = Number(port);
        break;
      }
      case '--host':
        options.host = value();
        break;
      case '--record':
        options.record = true;
        break;
      default:
        throw new Error(`unknown argument '${arg}' (use --port N, --host H, --record)`);
    }
  }
  return options;
}

/**
 * Starts a fake upstream from command-line arguments, prints its URL as the first line on
 * stdout, and closes it on SIGINT or SIGTERM (closing it yourself removes those handlers).
 */
export async function runCli(
  argv: readonly string[],
  out: (line: string) => void = console.log,
): Promise<FakeUpstream> {
  const fake = await startFakeUpstream(parseArguments(argv));
  out(fake.url);
  const close = (): Promise<void> => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    return fake.close();
  };
  const onSignal = (): void => {
    void close().then(() => process.exit(0));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return { ...fake, close };
}
