import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Online payment details on `top_ups` (`TopUpEntity`): `quota`, the quota units the order credits
 * (fixed when the order is placed, so a later QuotaPerUnit change never alters what was paid for);
 * `payment_method`, the gateway's payment type (alipay, wxpay); `complete_time`, the Unix seconds
 * at which the payment notice credited the order (0 while pending).
 */
export class TopUpPaymentDetails1795600000000 implements MigrationInterface {
  readonly name = 'TopUpPaymentDetails1795600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "top_ups"
        ADD COLUMN "quota" bigint NOT NULL DEFAULT 0,
        ADD COLUMN "payment_method" varchar(32) NOT NULL DEFAULT '',
        ADD COLUMN "complete_time" bigint NOT NULL DEFAULT 0`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "top_ups" DROP COLUMN "complete_time", DROP COLUMN "payment_method", DROP COLUMN "quota"`,
    );
  }
}
