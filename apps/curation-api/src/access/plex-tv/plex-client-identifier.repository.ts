// The installation's plex.tv client identifier, created by the access migration.
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

@Injectable()
export class PlexClientIdentifierRepository {
  constructor(@InjectDataSource() private readonly database: DataSource) {}

  async read(): Promise<string> {
    const rows: { client_identifier: string }[] = await this.database.query(
      'SELECT "client_identifier" FROM "curation"."plex_client" WHERE "id" = 1',
    );
    const row = rows[0];
    if (row === undefined)
      throw new Error('curation.plex_client has no row: the access migration did not run');
    return row.client_identifier;
  }
}
