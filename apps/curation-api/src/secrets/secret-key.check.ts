// At start, checks that this process's SecretBox key is the one every other process on the
// database uses (docs/decisions/058). The first process to start seals a known text; every later
// one must open it, or it refuses to start: a replica with another key could open none of the
// stored tokens (binding, connections, sessions) and would fail those requests one by one.
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DomainError } from '@platform/service-kit';
import type { DataSource } from 'typeorm';
import { SecretBox } from './secret-box';

const PURPOSE = 'secret key check';
const CHECK_TEXT = 'the curation API secret key check';

/** Why a process refuses to start; the operator reads it in the log. */
export const KEY_MISMATCH_MESSAGE =
  'CURATION_SECRET_KEY is not the key the other processes on this database use (the database holds ' +
  'a value sealed with another key): start every replica with the same CURATION_SECRET_KEY.';

@Injectable()
export class SecretKeyCheck implements OnApplicationBootstrap {
  constructor(
    private readonly secrets: SecretBox,
    @InjectDataSource() private readonly database: DataSource,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // The first writer wins; a second process starting at the same time reads the winner's value.
    await this.database.query(
      `INSERT INTO "curation"."secret_key_check" ("id", "sealed") VALUES (1, $1) ON CONFLICT ("id") DO NOTHING`,
      [this.secrets.seal(CHECK_TEXT, PURPOSE)],
    );
    const rows: { sealed: string }[] = await this.database.query(
      'SELECT "sealed" FROM "curation"."secret_key_check" WHERE "id" = 1',
    );
    if (!this.opens(rows[0]?.sealed)) throw new Error(KEY_MISMATCH_MESSAGE);
  }

  private opens(sealed: string | undefined): boolean {
    if (sealed === undefined) return false;
    try {
      return this.secrets.open(sealed, PURPOSE) === CHECK_TEXT;
    } catch (error) {
      if (error instanceof DomainError) return false;
      throw error;
    }
  }
}
