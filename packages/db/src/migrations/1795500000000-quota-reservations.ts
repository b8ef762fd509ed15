import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `quota_reservations` (`QuotaReservationEntity`): one row per relayed request, keyed by its
 * request id — the quota taken at admission and whether it was since settled or released. The row
 * is billing's idempotency key for reservation, release and settlement, independent of whether a
 * consume log row is written (`LogConsumeEnabled`). The `created_at` index serves clean-up of old
 * rows and the search for reservations left open by crashed requests.
 */
export class QuotaReservations1795500000000 implements MigrationInterface {
  readonly name = 'QuotaReservations1795500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "quota_reservations" (
        "request_id" varchar(64) NOT NULL,
        "user_id" integer NOT NULL,
        "token_id" integer NOT NULL,
        "amount" bigint NOT NULL,
        "token_unlimited" boolean NOT NULL,
        "status" varchar(16) NOT NULL,
        "created_at" bigint NOT NULL,
        CONSTRAINT "pk_quota_reservations" PRIMARY KEY ("request_id")
      )`,
    );
    await queryRunner.query(`CREATE INDEX "idx_quota_reservations_created_at" ON "quota_reservations" ("created_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "quota_reservations"`);
  }
}
