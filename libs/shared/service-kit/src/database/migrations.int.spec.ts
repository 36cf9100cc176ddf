// Replicas that start together on one database (docs/decisions/058): each applies the migrations
// at start, and the schema's migration lock makes the second wait and find nothing left to apply,
// where two unlocked runs race to create the same tables and one replica fails to start.
import { createTestDatabase, type TestDatabase } from '@platform/testing-database';
import { DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { dataSourceOptions, migrate, type ServiceDatabaseDefinition } from './migrations';

class CreateThings1700000000000 implements MigrationInterface {
  name = 'CreateThings1700000000000';
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE TABLE "replicated"."things" ("id" integer PRIMARY KEY)');
    // Long enough that a second, unlocked run would start this migration too.
    await queryRunner.query('SELECT pg_sleep(0.3)');
  }
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "replicated"."things"');
  }
}

class AddThingName1700000001000 implements MigrationInterface {
  name = 'AddThingName1700000001000';
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "replicated"."things" ADD COLUMN "name" text');
  }
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "replicated"."things" DROP COLUMN "name"');
  }
}

const DEFINITION: ServiceDatabaseDefinition = {
  schema: 'replicated',
  migrations: [CreateThings1700000000000, AddThingName1700000001000],
  entities: [],
};

describe('migrate', () => {
  let database: TestDatabase;
  const sources: DataSource[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    for (const source of sources) if (source.isInitialized) await source.destroy();
    await database.close();
  });

  async function replica(poolSize: number): Promise<DataSource> {
    const source = await new DataSource(dataSourceOptions(DEFINITION, database.url, poolSize)).initialize();
    sources.push(source);
    return source;
  }

  it('applies each migration once when several replicas start at the same time, each on a pool of one', async () => {
    const replicas = await Promise.all([replica(1), replica(1), replica(1)]);
    const applied = await Promise.all(replicas.map((source) => migrate(source, DEFINITION.schema)));
    expect(applied.flat().sort()).toEqual(['AddThingName1700000001000', 'CreateThings1700000000000']);
    const [first] = replicas;
    const rows = (await first?.query('SELECT "name" FROM "replicated"."migrations" ORDER BY "id"')) as {
      name: string;
    }[];
    expect(rows.map((row) => row.name)).toEqual(['CreateThings1700000000000', 'AddThingName1700000001000']);
    // The lock was given back: a later start migrates (nothing) without waiting.
    expect(await migrate(replicas[1] as DataSource, DEFINITION.schema)).toEqual([]);
  });
});
