import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `quota_notices` (`QuotaNoticeEntity`): when each user was last sent a low-quota notice. Every
 * billing replica claims the right to send with one conditional upsert on the user's row, so a
 * user gets at most one notice per window however many replicas settle their usage. One row per
 * user who was ever notified; no secondary index (lookups are by primary key only).
 */
export class QuotaNotices1795700000000 implements MigrationInterface {
  readonly name = 'QuotaNotices1795700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "quota_notices" (
        "user_id" integer NOT NULL,
        "last_sent_at" timestamptz NOT NULL,
        CONSTRAINT "pk_quota_notices" PRIMARY KEY ("user_id")
      )`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "quota_notices"`);
  }
}
