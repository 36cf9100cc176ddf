// The one question categories and the catalog ask of the users table: is this id a user?
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

@Injectable()
export class KnownUsersRepository {
  constructor(@InjectDataSource() private readonly database: DataSource) {}

  async exists(userId: string, manager: EntityManager = this.database.manager): Promise<boolean> {
    const rows: unknown[] = await manager.query('SELECT 1 FROM "curation"."users" WHERE "id" = $1', [userId]);
    return rows.length > 0;
  }
}
