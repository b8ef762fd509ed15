/**
 * Test helpers (`@modelgate/db/testing`): not part of the runtime API, never imported by
 * production code.
 */
export {
  createTestDatabase,
  type CreateTestDatabaseOptions,
  type MigratedTestDatabase,
  type TestDatabase,
} from './test-database';
