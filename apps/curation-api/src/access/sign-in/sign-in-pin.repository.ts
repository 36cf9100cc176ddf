// PIN sign-ins in progress: our random id (as its SHA-256) to plex.tv's PIN id.
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

export interface PendingPin {
  readonly plexPinId: number;
  readonly expiresAt: Date;
}

@Injectable()
export class SignInPinRepository {
  constructor(@InjectDataSource() private readonly database: DataSource) {}

  async insert(idDigest: string, pin: PendingPin, now: Date): Promise<void> {
    await this.database.query('DELETE FROM "curation"."sign_in_pins" WHERE "expires_at" <= $1', [now]);
    await this.database.query(
      'INSERT INTO "curation"."sign_in_pins" ("id_digest", "plex_pin_id", "expires_at") VALUES ($1, $2, $3)',
      [idDigest, pin.plexPinId, pin.expiresAt],
    );
  }

  async find(idDigest: string): Promise<PendingPin | null> {
    const rows: { plex_pin_id: string; expires_at: Date }[] = await this.database.query(
      'SELECT "plex_pin_id", "expires_at" FROM "curation"."sign_in_pins" WHERE "id_digest" = $1',
      [idDigest],
    );
    const row = rows[0];
    return row === undefined ? null : { plexPinId: Number(row.plex_pin_id), expiresAt: row.expires_at };
  }

  /** Removes the PIN; true for the one caller that removed it, so an approved PIN signs in once. */
  async take(idDigest: string): Promise<boolean> {
    const rows: unknown[] = await this.database.query(
      // In a CTE: TypeORM answers a bare DELETE … RETURNING with [rows, count].
      `WITH "taken" AS (DELETE FROM "curation"."sign_in_pins" WHERE "id_digest" = $1 RETURNING "id_digest")
       SELECT * FROM "taken"`,
      [idDigest],
    );
    return rows.length > 0;
  }
}
