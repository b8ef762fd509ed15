import type { Logger } from '@modelgate/runtime';
import type { Logger as TypeOrmLogger } from 'typeorm';

/** Queries slower than this are logged as warnings. */
export const SLOW_QUERY_MS = 1_000;

/**
 * Routes TypeORM's log calls into the service's structured logger: queries at `trace` (off in
 * production), failed and slow queries at `warn`, schema and migration messages at `info`.
 * Query parameters are never logged: they may hold passwords, keys and tokens.
 */
export class PinoTypeOrmLogger implements TypeOrmLogger {
  constructor(private readonly logger: Logger) {}

  logQuery(query: string): void {
    this.logger.trace({ sql: query }, 'sql query');
  }

  logQueryError(error: string | Error, query: string): void {
    this.logger.warn({ err: error, sql: query }, 'sql query failed');
  }

  logQuerySlow(time: number, query: string): void {
    this.logger.warn({ duration_ms: time, sql: query }, 'slow sql query');
  }

  logSchemaBuild(message: string): void {
    this.logger.debug(message);
  }

  logMigration(message: string): void {
    this.logger.info(message);
  }

  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    if (level === 'warn') this.logger.warn(String(message));
    else this.logger.debug(String(message));
  }
}
