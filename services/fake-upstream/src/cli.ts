// The standalone fake upstream's command line: `--port N`, `--host H`, `--record`, `--tls`,
// `--slow-model MODEL:CHUNKS:DELAY_MS` (repeatable).
import { startFakeUpstream, type FakeUpstream, type FakeUpstreamOptions } from './server';

/** A model whose answers come slowly: `chunks` content chunks, `delayMs` apart (the shape of LLM streams). */
export interface SlowModel {
  model: string;
  chunks: number;
  delayMs: number;
}

/** The command line: the server's options plus the slow models to program once it runs. */
export interface CliOptions extends FakeUpstreamOptions {
  slowModels?: SlowModel[];
}

function parseSlowModel(text: string): SlowModel {
  const match = /^([^:]+):(\d{1,5}):(\d{1,6})$/.exec(text);
  if (!match || Number(match[2]) < 1) throw new Error(`--slow-model takes MODEL:CHUNKS:DELAY_MS (chunks ≥ 1), got '${text}'`);
  return { model: match[1]!, chunks: Number(match[2]), delayMs: Number(match[3]) };
}

/** Reads the command-line arguments; throws on an unknown or malformed one. */
export function parseArguments(argv: readonly string[]): CliOptions {
  const options: CliOptions = { record: false };
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
      case '--tls':
        if (inline !== undefined) throw new Error('--tls takes no value');
        options.tls = true;
        break;
      case '--slow-model':
        (options.slowModels ??= []).push(parseSlowModel(value()));
        break;
      default:
        throw new Error(`unknown argument '${arg}' (use --port N, --host H, --record, --tls, --slow-model M:CHUNKS:DELAY_MS)`);
    }
  }
  return options;
}

/** The line after the URL that names the certificate file of a `--tls` fake. */
export const CA_FILE_PREFIX = 'ca-file: ';

/**
 * Starts a fake upstream from command-line arguments, prints its URL as the first line on
 * stdout (with `--tls`, then `ca-file: PATH`, its certificate to trust), and closes it on
 * SIGINT or SIGTERM (closing it yourself removes those handlers).
 */
export async function runCli(
  argv: readonly string[],
  out: (line: string) => void = console.log,
): Promise<FakeUpstream> {
  const { slowModels, ...options } = parseArguments(argv);
  const fake = await startFakeUpstream(options);
  for (const slow of slowModels ?? []) fake.program({ model: slow.model }, { chunks: slow.chunks, chunkDelayMs: slow.delayMs });
  out(fake.url);
  if (fake.certFile !== undefined) out(`${CA_FILE_PREFIX}${fake.certFile}`);
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
