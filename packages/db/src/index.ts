/**
 * `@modelgate/db`: the schema every service shares — entities, migrations, the data-source
 * factory, first-start seeding and the embedded PostgreSQL. Test databases live in
 * `@modelgate/testkit/db`.
 */
import 'reflect-metadata';

export * from './constants';
export * from './entities';
export { createDataSource, type CreateDataSourceOptions } from './data-source';
export { MIGRATIONS, MIGRATIONS_TABLE } from './migrations';
export {
  DAY_SECONDS,
  dailyPartitionName,
  LOG_DEFAULT_PARTITION,
  LOG_PARTITION_SCHEMA,
  nextDayStart,
} from './migrations/log-partitions/partitioned-logs.sql';
export {
  migrationStatus,
  revertMigrations,
  runMigrations,
  type ExecutedMigration,
  type MigrationStatus,
  type RevertMigrationsOptions,
} from './migrate';
export { ADVISORY_LOCK_NAMESPACE, AdvisoryLock } from './advisory-locks';
export { DEFAULT_OPTIONS } from './seed/default-options';
export { jsonObjectOption } from './seed/option-values';
export type { OptionKey, OptionKeyOf, OptionValue } from '@modelgate/contracts/options';
export {
  DEFAULT_OPTION_RELOAD_INTERVAL_MS,
  OptionCache,
  type OptionCacheStart,
  type OptionChangeListener,
  type OptionReader,
  type TypedOptionReader,
} from './options/option-cache';
export { FixedOptions } from './options/fixed-options';
export { mayUseGroup, OWN_GROUP_DESC, ownGroupOf, usableGroupsOf } from './options/usable-groups';
export { displaysInCurrency, formatDisplayQuota, formatLogQuota, quotaPerUnitOf } from './options/quota-text';
export {
  DEFAULT_CACHE_RATIO,
  DEFAULT_COMPLETION_RATIO,
  DEFAULT_MODEL_PRICE,
  DEFAULT_MODEL_RATIO,
} from '@modelgate/contracts/options';
export { ROOT_USER, seedDefaults, type SeedResult } from './seed/seed-defaults';
export {
  DEFAULT_EMBEDDED_MAX_CONNECTIONS,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
  type EmbeddedPostgresOptions,
} from './embedded/embedded-postgres';
export { escapeLike, likeContains, likePrefix } from './sql/like-pattern';
export { PinoTypeOrmLogger } from './typeorm-logger';
