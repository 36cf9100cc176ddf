// The one plex.tv account that may set the API up when neither a bootstrap key nor admin accounts
// are configured: the first to sign in (docs/decisions/031).
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

@Injectable()
export class SetupClaimRepository {
  constructor(@InjectDataSource() private readonly database: DataSource) {}

  /** Claims setup for `accountId` unless someone did before; returns whoever holds the claim. */
  async claim(accountId: string): Promise<string> {
    const rows: { account_id: string }[] = await this.database.query(
      `WITH "inserted" AS (
         INSERT INTO "curation"."setup_claim" ("id", "account_id") VALUES (1, $1)
         ON CONFLICT ("id") DO NOTHING RETURNING "account_id"
       )
       SELECT "account_id" FROM "inserted"
       UNION ALL SELECT "account_id" FROM "curation"."setup_claim" WHERE "id" = 1`,
      [accountId],
    );
    const holder = rows[0]?.account_id;
    if (holder === undefined) throw new Error('the setup claim was neither inserted nor found');
    return holder;
  }

  async holder(): Promise<string | null> {
    const rows: { account_id: string }[] = await this.database.query(
      'SELECT "account_id" FROM "curation"."setup_claim" WHERE "id" = 1',
    );
    return rows[0]?.account_id ?? null;
  }
}
