import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `response_affinities` (`ResponseAffinityEntity`): the channel, key and user that created each
 * response of OpenAI's Responses API, shared by every relay replica so a follow-up reaches the
 * channel holding the response. Old rows are pruned by creation time (hence the index).
 */
export class ResponseAffinities1796000000000 implements MigrationInterface {
  readonly name = 'ResponseAffinities1796000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "response_affinities" (
        "response_id" varchar(191) NOT NULL,
        "channel_id" integer NOT NULL,
        "key_index" integer NOT NULL DEFAULT 0,
        "user_id" integer NOT NULL,
        "created_at" bigint NOT NULL,
        CONSTRAINT "pk_response_affinities" PRIMARY KEY ("response_id")
      )`,
    );
    await queryRunner.query(`CREATE INDEX "idx_response_affinities_created_at" ON "response_affinities" ("created_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "response_affinities"`);
  }
}
