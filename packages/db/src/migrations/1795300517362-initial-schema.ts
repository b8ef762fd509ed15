import type { MigrationInterface, QueryRunner } from 'typeorm';
import { billingSchema } from './initial-schema/billing.sql';
import { configSchema } from './initial-schema/config.sql';
import { identitySchema } from './initial-schema/identity.sql';
import type { SchemaPart } from './initial-schema/statements';
import { taskSchema } from './initial-schema/task.sql';

/**
 * The whole schema of the first release, as reviewed SQL for PostgreSQL 15+ (and PGlite).
 *
 * Conventions, which the entities mirror exactly (a test compares them with TypeORM's schema
 * builder): snake_case names as in the reference schema, so rows map 1:1 onto the `/api` JSON;
 * constraint and index names `pk_<table>`, `uq_<table>_<columns>`, `idx_<table>_<columns>`,
 * `ck_<table>_<column>`; quota and other money-like counters `bigint`; unix times `bigint`
 * (seconds, milliseconds for drawing tasks) because the contract carries them as numbers;
 * identity columns `BY DEFAULT` so data migrated from another installation keeps its ids.
 *
 * No foreign keys, on purpose: users, tokens and redemptions are soft-deleted, logs and tasks must
 * outlive the users and channels they mention, and each table has exactly one writing service, so
 * a cross-table constraint would couple services' writes and lock ordering for no gain.
 */
export class InitialSchema1795300517362 implements MigrationInterface {
  readonly name = 'InitialSchema1795300517362';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const part of PARTS) await run(queryRunner, part.up);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const part of [...PARTS].reverse()) await run(queryRunner, part.down);
  }
}

const PARTS: readonly SchemaPart[] = [identitySchema, configSchema, billingSchema, taskSchema];

async function run(queryRunner: QueryRunner, statements: readonly string[]): Promise<void> {
  for (const statement of statements) await queryRunner.query(statement);
}
