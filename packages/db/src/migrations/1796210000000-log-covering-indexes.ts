import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `logs` indexes that carry another filter's column (`INCLUDE`): the rows of a pair of common
 * filters with no index of its own are counted from the more selective filter's index alone
 * (an index-only scan) instead of reading each row from the heap. An included column is stored,
 * not compared, so a write pays the size of the entry and no extra index descent.
 */
export const LOG_COVERING_INDEXES: ReadonlyArray<{ name: string; columns: string; include: string }> = [
  // An admin's page by username with a model, a channel or a token name (a heavy user: a million rows).
  { name: 'idx_logs_username_created_at', columns: `"username", "created_at"`, include: `"token_name", "model_name", "channel_id", "group"` },
  // A model or a channel with a group.
  { name: 'idx_logs_model_name_created_at', columns: `"model_name", "created_at"`, include: `"group"` },
  { name: 'idx_logs_channel_id_created_at', columns: `"channel_id", "created_at"`, include: `"group"` },
  // A user's own page by model and token name.
  { name: 'idx_logs_user_id_model_name_created_at', columns: `"user_id", "model_name", "created_at"`, include: `"token_name"` },
];

/**
 * A username and a group: a user's rows are nearly all of one group, so asking for another found
 * none only after reading all of them from the heap (a heavy user: a million rows, 1.5–2.5 s).
 * The same reason `(user_id, group, created_at)` exists for users' own pages.
 */
export const USERNAME_GROUP_INDEX = { name: 'idx_logs_username_group_created_at', columns: `"username", "group", "created_at"` };

/**
 * The uncommon types (everything but consumption) by group: a group's top-ups were found by
 * reading every top-up from the heap to check its group. Partial, so consumption rows (over
 * 99 % of the writes) never touch it.
 */
export const UNCOMMON_TYPES_BY_GROUP_INDEX = {
  name: 'idx_logs_group_type_created_at_uncommon',
  create: `ON "logs" ("group", "type", "created_at") WHERE "type" <> 2`,
};

/**
 * Indexes for the filter pairs of the log page that still read the rows of one filter from the
 * heap over millions of rows (ADR 0031, docs/benchmarks.md): {@link LOG_COVERING_INDEXES} replace
 * four single-filter indexes by the same keys carrying more columns, and two indexes are added
 * ({@link USERNAME_GROUP_INDEX}, {@link UNCOMMON_TYPES_BY_GROUP_INDEX}). Built on the partitioned
 * parent inside the migration's transaction (log writers wait; usage stays queued on the bus):
 * over 10 million rows about two minutes on a loaded two-core machine.
 */
export class LogCoveringIndexes1796210000000 implements MigrationInterface {
  readonly name = 'LogCoveringIndexes1796210000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const q = (sql: string) => queryRunner.query(sql);
    await q(`CREATE INDEX "${USERNAME_GROUP_INDEX.name}" ON "logs" (${USERNAME_GROUP_INDEX.columns})`);
    await q(`CREATE INDEX "${UNCOMMON_TYPES_BY_GROUP_INDEX.name}" ${UNCOMMON_TYPES_BY_GROUP_INDEX.create}`);
    for (const index of LOG_COVERING_INDEXES) {
      await q(`CREATE INDEX "${index.name}_next" ON "logs" (${index.columns}) INCLUDE (${index.include})`);
      await q(`DROP INDEX "${index.name}"`);
      await q(`ALTER INDEX "${index.name}_next" RENAME TO "${index.name}"`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const q = (sql: string) => queryRunner.query(sql);
    for (const index of [...LOG_COVERING_INDEXES].reverse()) {
      await q(`CREATE INDEX "${index.name}_next" ON "logs" (${index.columns})`);
      await q(`DROP INDEX "${index.name}"`);
      await q(`ALTER INDEX "${index.name}_next" RENAME TO "${index.name}"`);
    }
    await q(`DROP INDEX "${UNCOMMON_TYPES_BY_GROUP_INDEX.name}"`);
    await q(`DROP INDEX "${USERNAME_GROUP_INDEX.name}"`);
  }
}
