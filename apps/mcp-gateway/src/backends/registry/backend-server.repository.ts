// All SQL about stored backend servers (API-owned and file-owned rows of the server registry).
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';
import type { BackendServerDefinition } from '../backend-server';
import { BackendServerEntity } from './backend-server.entity';

/** A definition's columns; who owns the row and when it changed are the caller's to say. */
export type BackendServerColumns = Omit<
  BackendServerEntity,
  'source' | 'createdAt' | 'updatedAt' | 'updatedBy'
>;

@Injectable()
export class BackendServerRepository {
  constructor(
    @InjectRepository(BackendServerEntity) private readonly rows: Repository<BackendServerEntity>,
  ) {}

  /** The same queries on a transaction's manager. */
  within(manager: EntityManager): BackendServerRepository {
    return new BackendServerRepository(manager.getRepository(BackendServerEntity));
  }

  all(): Promise<BackendServerEntity[]> {
    return this.rows.find();
  }

  /** Throws the primary key's violation when the id is taken (isUniqueViolation). */
  async insert(row: BackendServerColumns & Pick<BackendServerEntity, 'source' | 'updatedBy'>): Promise<void> {
    await this.rows.insert(row);
  }

  async update(
    id: string,
    changes: Partial<BackendServerColumns> & Pick<BackendServerEntity, 'updatedBy' | 'updatedAt'>,
  ): Promise<void> {
    await this.rows.update({ id }, changes);
  }

  /** Inserts the row or replaces the one with its id. */
  async upsert(
    row: BackendServerColumns & Pick<BackendServerEntity, 'source' | 'updatedBy' | 'updatedAt'>,
  ): Promise<void> {
    await this.rows.save(row);
  }

  async delete(ids: string | readonly string[]): Promise<void> {
    await this.rows.delete(typeof ids === 'string' ? { id: ids } : [...ids]);
  }
}

export function toRow(server: BackendServerDefinition): BackendServerColumns {
  return {
    id: server.id,
    displayName: server.displayName,
    alias: server.alias ?? null,
    url: server.url,
    type: server.type,
    categories: [...server.categories],
    enabled: server.enabled,
    hidden: server.hidden,
    secretProvider: server.secretProvider,
    secretPath: server.secretPath ?? null,
    secretField: server.secretField ?? null,
    secretItemKey: server.secretItemKey ?? null,
    authShape: server.authShape,
    authParameter: server.authParameter ?? null,
    headers: { ...server.headers },
    allowPassThroughAuth: server.allowPassThroughAuth,
    requestTimeoutMs: server.requestTimeoutMs,
  };
}
