/**
 * `npm run migrate [up|down|status|seed]`: the schema tool for operators and the Helm hook Job.
 * Results go to stdout as plain lines, structured logs to stderr; the exit status is 0 on
 * success, 1 on failure, 64 on a usage error and 78 on invalid configuration.
 */
import { createLogger, loadConfigOrExit, type Logger, retryWithBackoff } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../data-source';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../embedded/embedded-postgres';
import { migrationStatus, revertMigrations, runMigrations } from '../migrate';
import { seedDefaults } from '../seed/seed-defaults';
import { migrateCliConfig } from './cli-config';

const USAGE = `usage: migrate [up|down|status|seed] [--all]

  up       apply pending migrations, then seed missing defaults (the default command)
  down     revert the latest migration; with --all, every migration (drops all data)
  status   list applied and pending migrations
  seed     store missing default options and create the root user on an empty database

DATABASE_URL selects the PostgreSQL server; when unset, the embedded database in
MODELGATE_DATA_DIR (default ./data) is used.
`;

const COMMANDS = ['up', 'down', 'status', 'seed'] as const;
/** A `migrate` sub-command. */
export type Command = (typeof COMMANDS)[number];

/** Where the command writes: results to `out`, errors and usage to `err`. */
export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Parsed command line, or the usage error that prevents running. */
export function parseArgs(argv: readonly string[]): { command: Command; all: boolean } | string {
  const positional = argv.filter((arg) => !arg.startsWith('-'));
  const flags = argv.filter((arg) => arg.startsWith('-'));
  const unknownFlag = flags.find((flag) => flag !== '--all');
  if (unknownFlag) return `unknown option ${unknownFlag}`;
  if (positional.length > 1) return `expected one command, got ${positional.join(' ')}`;
  const command = positional[0] ?? 'up';
  if (!COMMANDS.includes(command as Command)) return `unknown command ${command}`;
  if (flags.length > 0 && command !== 'down') return '--all applies to down only';
  return { command: command as Command, all: flags.includes('--all') };
}

/**
 * Runs one `migrate` command against `url` (or the embedded database when `url` is undefined)
 * and returns the process exit status: 0 on success, 1 on failure.
 */
export async function runMigrateCommand(
  command: Command,
  options: { url: string | undefined; dataDir: string; all: boolean; logger: Logger; io: CliIo },
): Promise<number> {
  const { logger, io } = options;
  let embedded: EmbeddedPostgres | undefined;
  let dataSource: DataSource | undefined;
  try {
    let url = options.url;
    if (url) {
      io.out(`database: ${redact(url)}`);
    } else {
      io.out(`database: embedded, in ${options.dataDir}`);
      embedded = await startEmbeddedPostgres({
        dataDir: options.dataDir,
        maxConnections: 4,
        logger,
      });
      url = embedded.url;
    }
    dataSource = await connect(url, logger);
    await COMMAND_HANDLERS[command](dataSource, { all: options.all, logger, io });
    return 0;
  } catch (error) {
    io.err(`migrate ${command} failed: ${error instanceof Error ? error.message : String(error)}`);
    logger.debug({ err: error }, `migrate ${command} failed`);
    return 1;
  } finally {
    if (dataSource?.isInitialized) await dataSource.destroy();
    await embedded?.stop();
  }
}

/** Connects, retrying for about a minute: a migration job may start before its database. */
async function connect(url: string, logger: Logger): Promise<DataSource> {
  return retryWithBackoff(
    async () => {
      const dataSource = createDataSource({
        url,
        poolSize: 2,
        applicationName: 'modelgate-migrate',
        logger,
      });
      try {
        return await dataSource.initialize();
      } catch (error) {
        if (dataSource.isInitialized) await dataSource.destroy();
        throw error;
      }
    },
    { what: 'connect to PostgreSQL', logger, maxAttempts: 8, initialDelayMs: 500 },
  );
}

type Handler = (
  dataSource: DataSource,
  context: { all: boolean; logger: Logger; io: CliIo },
) => Promise<void>;

const COMMAND_HANDLERS: Record<Command, Handler> = {
  up: async (dataSource, { logger, io }) => {
    const applied = await runMigrations(dataSource, logger);
    io.out(applied.length ? `applied: ${applied.join(', ')}` : 'schema already up to date');
    await COMMAND_HANDLERS.seed(dataSource, { all: false, logger, io });
  },
  down: async (dataSource, { all, logger, io }) => {
    const reverted = await revertMigrations(dataSource, logger, { all });
    io.out(reverted.length ? `reverted: ${reverted.join(', ')}` : 'no migration to revert');
  },
  status: async (dataSource, { io }) => {
    const status = await migrationStatus(dataSource);
    for (const migration of status.executed) io.out(`applied  ${migration.name}`);
    for (const name of status.pending) io.out(`pending  ${name}`);
    io.out(`${status.executed.length} applied, ${status.pending.length} pending`);
  },
  seed: async (dataSource, { logger, io }) => {
    const { pending } = await migrationStatus(dataSource);
    if (pending.length > 0) throw new Error('the schema is not up to date; run `migrate up` first');
    const result = await seedDefaults(dataSource, logger);
    io.out(`default options stored: ${result.optionsInserted}`);
    io.out(
      result.rootCreated
        ? 'created user root with password 123456; sign in and change it now'
        : 'root user: not needed (users exist)',
    );
  },
};

/** The URL without its password, for output. */
function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

async function main(): Promise<void> {
  const io: CliIo = {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  };
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    io.out(USAGE);
    return;
  }
  const parsed = parseArgs(argv);
  if (typeof parsed === 'string') {
    io.err(`${parsed}\n\n${USAGE}`);
    process.exitCode = 64; // EX_USAGE
    return;
  }
  const config = loadConfigOrExit(migrateCliConfig);
  const logger = createLogger({
    service: 'migrate',
    level: config.logLevel,
    destination: process.stderr,
  });
  process.exitCode = await runMigrateCommand(parsed.command, {
    url: config.databaseUrl,
    dataDir: config.dataDir,
    all: parsed.all,
    logger,
    io,
  });
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`migrate: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  });
}
