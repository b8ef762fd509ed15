import type { Logger } from '@modelgate/runtime';
import { type DataSource, MigrationExecutor, type QueryRunner } from 'typeorm';
import { ADVISORY_LOCK_NAMESPACE, AdvisoryLock } from './advisory-locks';

/** An applied migration. */
export interface ExecutedMigration {
  name: string;
  /** The timestamp in the migration's name (when it was written), in unix milliseconds. */
  timestamp: number;
}

export interface MigrationStatus {
  executed: ExecutedMigration[];
  /** Names of the migrations not yet applied, oldest first. */
  pending: string[];
}

/**
 * Applies every pending migration in one transaction, under a transaction-scoped advisory lock:
 * replicas or jobs starting together wait for each other, and the one that comes second finds
 * nothing left to do. Returns the names of the migrations it applied.
 *
 * On the embedded database every connection shares one backend, so the lock itself does not
 * exclude, but PGlite runs a transaction to its end before serving another connection, which
 * gives the same guarantee.
 */
export async function runMigrations(dataSource: DataSource, logger: Logger): Promise<string[]> {
  return withMigrationLock(dataSource, logger, async (queryRunner) => {
    const applied = await executor(dataSource, queryRunner).executePendingMigrations();
    const names = applied.map((migration) => migration.name);
    if (names.length === 0) logger.info('database schema is up to date');
    else logger.info({ migrations: names }, `applied ${names.length} migration(s)`);
    return names;
  });
}

export interface RevertMigrationsOptions {
  /** Revert every applied migration (drops the whole schema); default: only the latest. */
  all?: boolean;
}

/**
 * Reverts the latest migration, or all of them, in one transaction under the migration lock.
 * Returns the names of the reverted migrations, latest first.
 */
export async function revertMigrations(
  dataSource: DataSource,
  logger: Logger,
  options: RevertMigrationsOptions = {},
): Promise<string[]> {
  return withMigrationLock(dataSource, logger, async (queryRunner) => {
    const migrations = executor(dataSource, queryRunner);
    const executed = await migrations.getExecutedMigrations();
    const toRevert = options.all ? executed : executed.slice(0, 1);
    for (let i = 0; i < toRevert.length; i++) await migrations.undoLastMigration();
    const names = toRevert.map((migration) => migration.name);
    if (names.length === 0) logger.info('no migration to revert');
    else logger.info({ migrations: names }, `reverted ${names.length} migration(s)`);
    return names;
  });
}

/** Which migrations have been applied and which are pending; changes nothing. */
export async function migrationStatus(dataSource: DataSource): Promise<MigrationStatus> {
  const migrations = new MigrationExecutor(dataSource);
  const executed = await migrations.getExecutedMigrations();
  const pending = await migrations.getPendingMigrations();
  return {
    executed: executed
      .map((migration) => ({ name: migration.name, timestamp: Number(migration.timestamp) }))
      .sort((a, b) => a.timestamp - b.timestamp),
    pending: pending.map((migration) => migration.name),
  };
}

function executor(dataSource: DataSource, queryRunner: QueryRunner): MigrationExecutor {
  const result = new MigrationExecutor(dataSource, queryRunner);
  result.transaction = 'all';
  return result;
}

/**
 * Runs `work` on one connection inside a transaction that first takes the migration lock. The
 * executor is given this same connection and sees the transaction already open, so it neither
 * opens a second connection nor commits on its own.
 */
async function withMigrationLock<T>(
  dataSource: DataSource,
  logger: Logger,
  work: (queryRunner: QueryRunner) => Promise<T>,
): Promise<T> {
  const queryRunner = dataSource.createQueryRunner();
  await queryRunner.connect();
  try {
    await queryRunner.startTransaction();
    try {
      const lockArgs = [ADVISORY_LOCK_NAMESPACE, AdvisoryLock.Migrations];
      const [{ locked }] = (await queryRunner.query(
        'SELECT pg_try_advisory_xact_lock($1, $2) AS locked',
        lockArgs,
      )) as [{ locked: boolean }];
      if (!locked) {
        logger.info('another process is migrating the database; waiting for it to finish');
        await queryRunner.query('SELECT pg_advisory_xact_lock($1, $2)', lockArgs);
      }
      const result = await work(queryRunner);
      await queryRunner.commitTransaction();
      return result;
    } catch (error) {
      if (queryRunner.isTransactionActive) {
        await queryRunner.rollbackTransaction().catch((rollbackError: unknown) => {
          logger.warn({ err: rollbackError }, 'rollback after a failed migration failed');
        });
      }
      throw error;
    }
  } finally {
    await queryRunner.release();
  }
}
