// All SQL about the binding to the one Plex Media Server. The token is stored sealed and opened
// only here, so no other code handles the ciphertext.
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { SecretBox } from '../secrets/secret-box';

export interface MediaServerBinding {
  readonly machineIdentifier: string;
  readonly name: string;
  readonly baseUrl: string;
  /** The server's auth token (the owner's Plex token, or a token with access to the server). */
  readonly token: string;
  /** plex.tv account id of the server's owner, when known. */
  readonly ownerAccountId: string | null;
  readonly boundBy: string;
  readonly boundAt: Date;
}

const TOKEN_PURPOSE = 'media server token';

interface BindingRow {
  machine_identifier: string;
  name: string;
  base_url: string;
  token_sealed: string;
  owner_account_id: string | null;
  bound_by: string;
  bound_at: Date;
}

@Injectable()
export class MediaServerBindingRepository {
  constructor(
    @InjectDataSource() private readonly database: DataSource,
    private readonly secrets: SecretBox,
  ) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.database.transaction(work);
  }

  /** The binding, or null before a server is bound. */
  async current(manager: EntityManager = this.database.manager): Promise<MediaServerBinding | null> {
    const rows: BindingRow[] = await manager.query(
      `SELECT "machine_identifier", "name", "base_url", "token_sealed", "owner_account_id", "bound_by", "bound_at"
         FROM "curation"."media_server_binding" WHERE "id" = 1`,
    );
    const row = rows[0];
    if (row === undefined) return null;
    return {
      machineIdentifier: row.machine_identifier,
      name: row.name,
      baseUrl: row.base_url,
      token: this.secrets.open(row.token_sealed, TOKEN_PURPOSE),
      ownerAccountId: row.owner_account_id,
      boundBy: row.bound_by,
      boundAt: row.bound_at,
    };
  }

  async isBound(manager: EntityManager = this.database.manager): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      'SELECT 1 FROM "curation"."media_server_binding" WHERE "id" = 1',
    );
    return rows.length > 0;
  }

  /** True when a sync has stored items from the bound server: binding another one would orphan them. */
  async hasCatalog(manager: EntityManager = this.database.manager): Promise<boolean> {
    const rows: { present: boolean }[] = await manager.query(
      'SELECT EXISTS (SELECT 1 FROM "curation"."catalog_items") AS "present"',
    );
    return rows[0]?.present === true;
  }

  /** Stores `binding` as the one binding, replacing any earlier one. */
  async replace(
    binding: Omit<MediaServerBinding, 'boundAt'>,
    manager: EntityManager = this.database.manager,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO "curation"."media_server_binding"
         ("id", "machine_identifier", "name", "base_url", "token_sealed", "owner_account_id", "bound_by", "bound_at")
       VALUES (1, $1, $2, $3, $4, $5, $6, now())
       ON CONFLICT ("id") DO UPDATE SET
         "machine_identifier" = EXCLUDED."machine_identifier", "name" = EXCLUDED."name",
         "base_url" = EXCLUDED."base_url", "token_sealed" = EXCLUDED."token_sealed",
         "owner_account_id" = EXCLUDED."owner_account_id", "bound_by" = EXCLUDED."bound_by",
         "bound_at" = EXCLUDED."bound_at"`,
      [
        binding.machineIdentifier,
        binding.name,
        binding.baseUrl,
        this.secrets.seal(binding.token, TOKEN_PURPOSE),
        binding.ownerAccountId,
        binding.boundBy,
      ],
    );
  }
}
