// Two settings of pruning (docs/decisions/043): after a prune leaves an item on no instance, reset
// its Overseerr media entry (so it can be requested again) and refresh Plex's sections of its kind.
// Both off by default: a reset drops Overseerr's record of the item, which an Admin should choose.
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddPruneSettings1796700000000 implements MigrationInterface {
  name = 'AddPruneSettings1796700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "curation"."settings"
        ADD COLUMN "prune_resets_overseerr" boolean NOT NULL DEFAULT false,
        ADD COLUMN "prune_refreshes_plex" boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "curation"."settings"
        DROP COLUMN "prune_refreshes_plex",
        DROP COLUMN "prune_resets_overseerr"`);
  }
}
