// Each item's artwork path on the bound Plex server (its movie's or show's `thumb`, e.g.
// `/library/metadata/265/thumb/1715112705`), for GET /api/v1/catalog/{id}/poster
// (docs/decisions/058). Null until the next sync reads it: the sync's source cache format changes
// with it, so that sync reads Plex again.
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddCatalogItemThumb1797100000000 implements MigrationInterface {
  name = 'AddCatalogItemThumb1797100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "curation"."catalog_items" ADD COLUMN "thumb" text');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "curation"."catalog_items" DROP COLUMN "thumb"');
  }
}
