import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The shared counters of edge's per-client rate limits (`RateLimitCounterEntity`).
 *
 * UNLOGGED: the counters are rewritten on nearly every `/api` request and lose nothing of value
 * in a crash (PostgreSQL empties an unlogged table after one), so they skip the write-ahead log;
 * for the same reason they are not replicated to standbys. No secondary index: the table holds
 * two rows per active client and limit, the periodic clean-up scans it whole, and leaving
 * `hits` unindexed lets every increment be a HOT update.
 */
export class RateLimitCounters1795400000000 implements MigrationInterface {
  readonly name = 'RateLimitCounters1795400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE UNLOGGED TABLE "rate_limit_counters" (
        "bucket" varchar(128) NOT NULL,
        "window_start" bigint NOT NULL,
        "hits" integer NOT NULL,
        "expires_at" bigint NOT NULL,
        CONSTRAINT "pk_rate_limit_counters" PRIMARY KEY ("bucket", "window_start")
      )`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "rate_limit_counters"`);
  }
}
