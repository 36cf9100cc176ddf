// Connections to media managers and helpers (docs/decisions/035): each is tested before it is
// stored or changed, names are unique, Overseerr and Tautulli at most once each, and keys go in
// sealed and never come out of this API.
import { Inject, Injectable } from '@nestjs/common';
import { isUniqueViolation, SERVICE_LOGGER } from '@platform/service-kit';
import type { Logger } from 'pino';
import { actorName, type Caller } from '../access/caller';
import { AuditLedger } from '../audit/audit-ledger';
import { connectionCreatedEntry, connectionDeletedEntry, connectionUpdatedEntry } from './connection-audit';
import { ConnectionErrors } from './connection-errors';
import { ConnectionTester, type ConnectionTarget } from './connection-tester';
import { connectionView, type ConnectionTestView, type ConnectionView } from './connection-views';
import {
  ConnectionRepository,
  type ConnectionFields,
  type ConnectionSummary,
  type ConnectionType,
} from './connection.repository';
import type { CreateConnectionDto } from './dto/create-connection.dto';
import type { UpdateConnectionDto } from './dto/update-connection.dto';

/** At most one connection of these types (the table's partial unique index says the same). */
const SINGLE_INSTANCE_TYPES: ReadonlySet<ConnectionType> = new Set(['overseerr', 'tautulli']);

@Injectable()
export class ConnectionsService {
  constructor(
    private readonly connections: ConnectionRepository,
    private readonly tester: ConnectionTester,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
    private readonly ledger: AuditLedger,
  ) {}

  async list(): Promise<ConnectionView[]> {
    return (await this.connections.list()).map(connectionView);
  }

  async get(id: string): Promise<ConnectionView> {
    const connection = await this.connections.find(id);
    if (connection === null) throw ConnectionErrors.notFound(id);
    return connectionView(connection);
  }

  async create(caller: Caller, request: CreateConnectionDto): Promise<ConnectionView> {
    const fields: ConnectionFields = {
      type: request.type,
      name: request.name,
      baseUrl: withoutTrailingSlash(request.baseUrl),
      apiKey: request.apiKey,
      is4k: request.is4k ?? false,
    };
    checkIs4k(fields);
    checkUnique(await this.connections.list(), fields, null);
    await this.passTest(fields);
    const created = await this.store(fields, null, () =>
      this.connections.transaction(async (manager) => {
        const inserted = await this.connections.insert(fields, manager);
        await this.ledger.record(caller, connectionCreatedEntry(inserted), manager);
        return inserted;
      }),
    );
    this.logger.info(
      { connectionId: created.id, type: created.type, name: created.name, by: actorName(caller) },
      'connection created',
    );
    return connectionView(created);
  }

  async update(caller: Caller, id: string, request: UpdateConnectionDto): Promise<ConnectionView> {
    const stored = await this.connections.find(id);
    if (stored === null) throw ConnectionErrors.notFound(id);
    if (request.type !== stored.type) throw ConnectionErrors.typeUnchangeable(stored.type, request.type);
    const baseUrl = withoutTrailingSlash(request.baseUrl);
    // The stored key goes only to the URL it was given for: otherwise an Admin credential could
    // redirect it to a host that records it.
    if (request.apiKey === undefined && baseUrl !== stored.baseUrl) throw ConnectionErrors.apiKeyRequired();
    const fields: ConnectionFields = {
      type: stored.type,
      name: request.name,
      baseUrl,
      apiKey: request.apiKey ?? stored.apiKey,
      is4k: request.is4k ?? false,
    };
    checkIs4k(fields);
    checkUnique(await this.connections.list(), fields, id);
    await this.passTest(fields);
    const updated = await this.store(fields, id, () =>
      this.connections.transaction(async (manager) => {
        const changed = await this.connections.update(id, fields, manager);
        if (changed === null) throw ConnectionErrors.notFound(id);
        await this.ledger.record(
          caller,
          connectionUpdatedEntry(stored, changed, request.apiKey !== undefined),
          manager,
        );
        return changed;
      }),
    );
    this.logger.info(
      {
        connectionId: id,
        type: updated.type,
        name: updated.name,
        keyReplaced: request.apiKey !== undefined,
        by: actorName(caller),
      },
      'connection updated',
    );
    return connectionView(updated);
  }

  async delete(caller: Caller, id: string): Promise<void> {
    const connection = await this.connections.transaction(async (manager) => {
      const deleted = await this.connections.delete(id, manager);
      if (deleted === null) throw ConnectionErrors.notFound(id);
      await this.ledger.record(caller, connectionDeletedEntry(deleted), manager);
      return deleted;
    });
    this.logger.info(
      { connectionId: id, type: connection.type, name: connection.name, by: actorName(caller) },
      'connection deleted',
    );
  }

  async test(id: string): Promise<ConnectionTestView> {
    const connection = await this.connections.find(id);
    if (connection === null) throw ConnectionErrors.notFound(id);
    const result = await this.tester.test(connection);
    return result.ok
      ? { ok: true, appName: result.appName, version: result.version }
      : { ok: false, reason: result.reason, error: result.error };
  }

  private async passTest(target: ConnectionTarget): Promise<void> {
    const result = await this.tester.test(target);
    if (!result.ok) throw ConnectionErrors.testFailed(result.reason, result.error);
  }

  /** Writes, turning a duplicate that slipped past the checks (a concurrent request) into its 409. */
  private async store<T>(
    fields: ConnectionFields,
    selfId: string | null,
    write: () => Promise<T>,
  ): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      checkUnique(await this.connections.list(), fields, selfId);
      throw error;
    }
  }
}

function checkIs4k(fields: ConnectionFields): void {
  if (fields.is4k && SINGLE_INSTANCE_TYPES.has(fields.type))
    throw ConnectionErrors.is4kNotApplicable(fields.type);
}

/**
 * Refuses a name another connection has (ignoring case), or a second Overseerr or Tautulli.
 * `selfId` is the connection being changed, which may keep its own name.
 */
function checkUnique(
  existing: readonly ConnectionSummary[],
  fields: ConnectionFields,
  selfId: string | null,
): void {
  const others = existing.filter((connection) => connection.id !== selfId);
  const sameName = others.find((connection) => connection.name.toLowerCase() === fields.name.toLowerCase());
  if (sameName !== undefined) {
    throw ConnectionErrors.nameTaken(fields.name, sameName.id);
  }
  if (SINGLE_INSTANCE_TYPES.has(fields.type)) {
    const helper = others.find((connection) => connection.type === fields.type);
    if (helper !== undefined) throw ConnectionErrors.helperExists(fields.type, helper.name, helper.id);
  }
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
