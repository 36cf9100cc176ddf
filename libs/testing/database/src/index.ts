// Test support: a fresh database per test file, real PostgreSQL or embedded.
export { createTestDatabase, describeOnPostgresServer } from './test-database';
export type { TestDatabase } from './test-database';
