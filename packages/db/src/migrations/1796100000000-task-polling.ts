import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the task service needs to bill, poll and refund drawing (`midjourneys`) and music/lyrics
 * (`tasks`) tasks: the request that paid for each (`request_id`, the key billing settled it and
 * refunds it under; unique, so a submission is recorded once), its token, group and priced model
 * name, and `poll_at`, the lease of the poller: a replica claims a batch of unfinished tasks by
 * moving their `poll_at` forward with `FOR UPDATE SKIP LOCKED`, so any number of replicas poll
 * each task once per interval. The partial indexes keep the claim on unfinished tasks only.
 */
export class TaskPolling1796100000000 implements MigrationInterface {
  readonly name = 'TaskPolling1796100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['midjourneys', 'tasks']) {
      await queryRunner.query(
        `ALTER TABLE "${table}"
           ADD COLUMN "request_id" varchar(128) NOT NULL DEFAULT '',
           ADD COLUMN "token_id" integer NOT NULL DEFAULT 0,
           ADD COLUMN "group" varchar(64) NOT NULL DEFAULT '',
           ADD COLUMN "model_name" varchar(64) NOT NULL DEFAULT '',
           ADD COLUMN "poll_at" bigint NOT NULL DEFAULT 0,
           ADD COLUMN "refund_sent" boolean NOT NULL DEFAULT false`,
      );
      await queryRunner.query(`CREATE UNIQUE INDEX "uq_${table}_request_id" ON "${table}" ("request_id") WHERE "request_id" <> ''`);
      await queryRunner.query(
        `CREATE INDEX "idx_${table}_unfinished_poll_at" ON "${table}" ("poll_at") WHERE "status" NOT IN ('SUCCESS', 'FAILURE')`,
      );
      // Failed tasks whose refund is still to be sent: the poller's outbox.
      await queryRunner.query(`CREATE INDEX "idx_${table}_refund_pending" ON "${table}" ("id") WHERE "status" = 'FAILURE' AND NOT "refund_sent"`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['midjourneys', 'tasks']) {
      await queryRunner.query(`DROP INDEX "idx_${table}_refund_pending"`);
      await queryRunner.query(`DROP INDEX "idx_${table}_unfinished_poll_at"`);
      await queryRunner.query(`DROP INDEX "uq_${table}_request_id"`);
      await queryRunner.query(
        `ALTER TABLE "${table}" DROP COLUMN "request_id", DROP COLUMN "token_id", DROP COLUMN "group", DROP COLUMN "model_name", DROP COLUMN "poll_at", DROP COLUMN "refund_sent"`,
      );
    }
  }
}
