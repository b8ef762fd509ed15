/**
 * Test databases (`@modelgate/testkit/db`): a fresh, migrated PostgreSQL database per test file,
 * on the server of `DATABASE_URL` or on an embedded one copied from a prepared template.
 */
export {
  createTestDatabase,
  type CreateTestDatabaseOptions,
  type MigratedTestDatabase,
  type TestDatabase,
} from './test-database';
export { copyPgliteTemplate } from './pglite-template';
