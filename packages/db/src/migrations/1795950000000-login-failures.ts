import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `login_failures` (`LoginFailureEntity`): identity's per-account count of failed password
 * sign-ins and the backoff it imposes, shared by every identity replica. Keyed by a hash of the
 * login name; expired rows are deleted by identity (hence the index on `expires_at`).
 */
export class LoginFailures1795950000000 implements MigrationInterface {
  readonly name = 'LoginFailures1795950000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "login_failures" (
        "account" varchar(64) NOT NULL,
        "failures" integer NOT NULL,
        "locked_until" bigint NOT NULL,
        "expires_at" bigint NOT NULL,
        CONSTRAINT "pk_login_failures" PRIMARY KEY ("account")
      )`,
    );
    await queryRunner.query(`CREATE INDEX "idx_login_failures_expires_at" ON "login_failures" ("expires_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "login_failures"`);
  }
}
