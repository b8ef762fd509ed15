import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Traffic control (docs/adr/0025): the relay's shared limit windows, the per-token limits and the
 * per-channel caps.
 *
 * `relay_limit_windows` (`RelayLimitWindowEntity`) holds, per limit and fixed window, how many
 * units (requests or tokens) the relay replicas together have taken. UNLOGGED like edge's
 * `rate_limit_counters`: the rows are rewritten often and are worth nothing after a crash.
 */
export class TrafficLimits1796190000000 implements MigrationInterface {
  readonly name = 'TrafficLimits1796190000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE UNLOGGED TABLE "relay_limit_windows" (
        "bucket" varchar(160) NOT NULL,
        "window_start" bigint NOT NULL,
        "taken" bigint NOT NULL,
        "last_grant" bigint NOT NULL,
        "expires_at" bigint NOT NULL,
        CONSTRAINT "pk_relay_limit_windows" PRIMARY KEY ("bucket", "window_start")
      )`,
    );
    await queryRunner.query(
      `ALTER TABLE "tokens" ADD "rate_limit_rpm" integer NOT NULL DEFAULT 0, ADD "rate_limit_tpm" integer NOT NULL DEFAULT 0`,
    );
    await queryRunner.query(
      `ALTER TABLE "channels" ADD "max_rpm" integer NOT NULL DEFAULT 0, ADD "max_tpm" integer NOT NULL DEFAULT 0, ADD "max_concurrency" integer NOT NULL DEFAULT 0`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "channels" DROP COLUMN "max_concurrency", DROP COLUMN "max_tpm", DROP COLUMN "max_rpm"`);
    await queryRunner.query(`ALTER TABLE "tokens" DROP COLUMN "rate_limit_tpm", DROP COLUMN "rate_limit_rpm"`);
    await queryRunner.query(`DROP TABLE "relay_limit_windows"`);
  }
}
