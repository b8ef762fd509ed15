import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `logs` indexes on a pair of filters that are each common but can be rare together: with only
 * one of them indexed, a page and its exact count read every row of the more selective one to
 * find the few of the pair. Created on the partitioned parent: every daily partition, present
 * and future, has them.
 */
export const LOG_PAIR_INDEXES: ReadonlyArray<{ name: string; columns: string }> = [
  { name: 'idx_logs_channel_id_model_name_created_at', columns: `"channel_id", "model_name", "created_at"` },
  { name: 'idx_logs_token_name_type_created_at', columns: `"token_name", "type", "created_at"` },
  // A user's own page by group: the one self filter without a (user_id, ·) index. A user's rows
  // are nearly all of one group, so asking for another read all of them (a heavy user: 1 million).
  { name: 'idx_logs_user_id_group_created_at', columns: `"user_id", "group", "created_at"` },
];

/**
 * The rows of every type but consumption (top-ups, management, system: well under 1 % of `logs`)
 * by type and time, carrying every other filter's column: a page or count of one of those types
 * with any other filter reads only these rows, its count from this index alone. Without it, a
 * channel's or model's top-ups were counted by reading the type's rows from the heap.
 */
export const UNCOMMON_TYPES_INDEX = {
  name: 'idx_logs_type_created_at_uncommon',
  create: `ON "logs" ("type", "created_at") INCLUDE ("user_id", "username", "token_name", "model_name", "channel_id", "group") WHERE "type" <> 2`,
};

const QUOTA_DATA_KEY = 'uq_quota_data_user_id_created_at_model_name';
const QUOTA_DATA_TOTALS_KEY = 'pk_quota_data_totals';

/**
 * Indexes for the log and dashboard calls that still read too much over millions of rows
 * (ADR 0031, docs/benchmarks.md):
 *
 * - `logs` gets {@link LOG_PAIR_INDEXES} and {@link UNCOMMON_TYPES_INDEX}.
 * - `quota_data`'s unique key and `quota_data_totals`' primary key carry the totals
 *   (`INCLUDE`), so a dashboard's hourly rows are read from the key alone, in its order, instead
 *   of one heap page per row (one user's rows are scattered over the table: it is written hour by
 *   hour for every user). Settlement's upsert then writes the key on every update (no HOT
 *   update); it touches a handful of hot rows per batch.
 *
 * The indexes are built inside the migration's transaction: log writers wait meanwhile (usage
 * stays queued on the bus). Over 10 million log rows and 3.5 million `quota_data` rows this took
 * about two minutes on a saturated two-core machine.
 */
export class LogQueryIndexes1796200000000 implements MigrationInterface {
  readonly name = 'LogQueryIndexes1796200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const q = (sql: string) => queryRunner.query(sql);
    for (const index of LOG_PAIR_INDEXES) await q(`CREATE INDEX "${index.name}" ON "logs" (${index.columns})`);
    await q(`CREATE INDEX "${UNCOMMON_TYPES_INDEX.name}" ${UNCOMMON_TYPES_INDEX.create}`);
    await q(
      `CREATE UNIQUE INDEX "${QUOTA_DATA_KEY}_next" ON "quota_data" ("user_id", "created_at", "model_name")
         INCLUDE ("username", "token_used", "count", "quota")`,
    );
    await q(`DROP INDEX "${QUOTA_DATA_KEY}"`);
    await q(`ALTER INDEX "${QUOTA_DATA_KEY}_next" RENAME TO "${QUOTA_DATA_KEY}"`);
    await q(
      `ALTER TABLE "quota_data_totals" DROP CONSTRAINT "${QUOTA_DATA_TOTALS_KEY}",
         ADD CONSTRAINT "${QUOTA_DATA_TOTALS_KEY}" PRIMARY KEY ("created_at", "model_name") INCLUDE ("token_used", "count", "quota")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const q = (sql: string) => queryRunner.query(sql);
    await q(
      `ALTER TABLE "quota_data_totals" DROP CONSTRAINT "${QUOTA_DATA_TOTALS_KEY}",
         ADD CONSTRAINT "${QUOTA_DATA_TOTALS_KEY}" PRIMARY KEY ("created_at", "model_name")`,
    );
    await q(`CREATE UNIQUE INDEX "${QUOTA_DATA_KEY}_next" ON "quota_data" ("user_id", "created_at", "model_name")`);
    await q(`DROP INDEX "${QUOTA_DATA_KEY}"`);
    await q(`ALTER INDEX "${QUOTA_DATA_KEY}_next" RENAME TO "${QUOTA_DATA_KEY}"`);
    await q(`DROP INDEX "${UNCOMMON_TYPES_INDEX.name}"`);
    for (const index of [...LOG_PAIR_INDEXES].reverse()) await q(`DROP INDEX "${index.name}"`);
  }
}
