import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Ties `channels.external_ref` to `channels.source`: a row managed by a Kubernetes `Channel`
 * resource carries its reference (`k8s:<namespace>/<name>`, unique through
 * `uq_channels_external_ref`), and a row managed in the console carries none. The column itself
 * exists since the initial schema; it stays nullable because the unique index must admit every
 * console channel (NULLs are distinct, empty strings are not). Reads show a missing reference as
 * an empty string.
 */
export class ChannelExternalRef1795800000000 implements MigrationInterface {
  readonly name = 'ChannelExternalRef1795800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Rows written before the rule: an empty reference means none.
    await queryRunner.query(`UPDATE "channels" SET "external_ref" = NULL WHERE "external_ref" = ''`);
    await queryRunner.query(
      `UPDATE "channels" SET "source" = 'kubernetes' WHERE "external_ref" IS NOT NULL AND "source" <> 'kubernetes'`,
    );
    await queryRunner.query(
      `ALTER TABLE "channels" ADD CONSTRAINT "ck_channels_external_ref"
       CHECK (("source" = 'kubernetes') = ("external_ref" IS NOT NULL AND "external_ref" <> ''))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "channels" DROP CONSTRAINT "ck_channels_external_ref"`);
  }
}
