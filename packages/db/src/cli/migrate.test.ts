import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@modelgate/runtime';
import { createTestDatabase, type TestDatabase } from '@modelgate/testkit/db';
import { copyPgliteTemplate } from '@modelgate/testkit/db';
import { MIGRATIONS } from '../migrations';
import { type CliIo, parseArgs, runMigrateCommand } from './migrate';

/** Every migration's name, oldest first, as the command prints them. */
const ALL = MIGRATIONS.map((migration) => new migration().name);

const logger = createLogger({ service: 'db-test', level: 'silent' });

describe('parseArgs', () => {
  it('defaults to up and accepts --all for down only', () => {
    expect(parseArgs([])).toEqual({ command: 'up', all: false });
    expect(parseArgs(['status'])).toEqual({ command: 'status', all: false });
    expect(parseArgs(['down', '--all'])).toEqual({ command: 'down', all: true });
    expect(parseArgs(['sideways'])).toBe('unknown command sideways');
    expect(parseArgs(['up', '--all'])).toBe('--all applies to down only');
    expect(parseArgs(['down', '--force'])).toBe('unknown option --force');
    expect(parseArgs(['up', 'down'])).toBe('expected one command, got up down');
  });
});

describe('runMigrateCommand', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
  }, 60_000);

  afterAll(async () => {
    await database?.drop();
  });

  async function run(command: Parameters<typeof runMigrateCommand>[0], all = false) {
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIo = { out: (line) => out.push(line), err: (line) => err.push(line) };
    const status = await runMigrateCommand(command, {
      url: database.url,
      dataDir: 'unused',
      all,
      logger,
      io,
    });
    return { status, out, err };
  }

  it('refuses to seed before the schema exists', async () => {
    const result = await run('seed');
    expect(result.status).toBe(1);
    expect(result.err.join('\n')).toMatch(/run `migrate up` first/);
  });

  it('migrates and seeds with up, then reports the status', async () => {
    const up = await run('up');
    expect(up.status).toBe(0);
    expect(up.out).toContain(`applied: ${ALL.join(', ')}`);
    expect(up.out).toContain('created user root with password 123456; sign in and change it now');

    const again = await run('up');
    expect(again.out).toEqual(expect.arrayContaining(['schema already up to date', 'default options stored: 0']));

    const status = await run('status');
    expect(status.out).toEqual(
      expect.arrayContaining([...ALL.map((name) => `applied  ${name}`), `${ALL.length} applied, 0 pending`]),
    );
  });

  it('reverts with down', async () => {
    const down = await run('down', true);
    expect(down.status).toBe(0);
    expect(down.out).toContain(`reverted: ${[...ALL].reverse().join(', ')}`);
    expect((await run('status')).out).toContain(`0 applied, ${ALL.length} pending`);
  });
});

describe('runMigrateCommand without DATABASE_URL', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'modelgate-migrate-cli-'));
    await copyPgliteTemplate(join(dir, 'data'), logger);
  }, 60_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('migrates the embedded database in the data directory and releases it', async () => {
    const out: string[] = [];
    const io: CliIo = { out: (line) => out.push(line), err: (line) => out.push(line) };
    const options = { url: undefined, dataDir: join(dir, 'data'), all: false, logger, io };
    expect(await runMigrateCommand('up', options)).toBe(0);
    expect(out).toContain(`database: embedded, in ${join(dir, 'data')}`);
    expect(out).toContain(`applied: ${ALL.join(', ')}`);
    expect(await runMigrateCommand('status', options)).toBe(0);
    expect(out).toContain(`${ALL.length} applied, 0 pending`);
  }, 60_000);
});
