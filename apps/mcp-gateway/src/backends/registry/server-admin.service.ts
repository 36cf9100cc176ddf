// Administration of API-owned backend servers: create, replace, delete, enable and disable.
// Every change is validated like a file entry, checked against the network policy, audited
// with before and after, and applied on this replica at once and on the others when its change
// notice arrives (within GATEWAY_REGISTRY_REFRESH_SECONDS without one).
import { Inject, Injectable } from '@nestjs/common';
import { isUniqueViolation } from '@platform/service-kit';
import {
  backendError,
  BackendErrorCode,
  serverStdioRefusedCode,
  serverUrlRefusedCode,
} from '../backend.errors';
import { type Actor, auditedActor } from '../../access/actor';
import { AuditService } from '../../audit/audit.service';
import { AuditEventKind } from '../../audit/audit-event-kind';
import { ChangeFeed } from '../../replicas/change-feed';
import type { BackendServerDefinition } from '../backend-server';
import { checkStdioLaunch, STDIO_POLICY_SETTINGS, type StdioPolicySettings } from '../stdio';
import {
  BACKEND_NETWORK_POLICY,
  checkBackendUrl,
  type NetworkPolicy,
  validateServerInput,
} from '../validation';
import { BackendServerRepository, toRow } from './backend-server.repository';
import { ServerRegistry } from './server-registry.service';

@Injectable()
export class ServerAdminService {
  constructor(
    private readonly rows: BackendServerRepository,
    private readonly registry: ServerRegistry,
    private readonly feed: ChangeFeed,
    private readonly audit: AuditService,
    @Inject(BACKEND_NETWORK_POLICY) private readonly networkPolicy: NetworkPolicy,
    @Inject(STDIO_POLICY_SETTINGS) private readonly stdioSettings: StdioPolicySettings,
  ) {}

  async create(input: unknown, actor: Actor): Promise<BackendServerDefinition> {
    const server = await this.validated(input);
    this.assertNamespaceFree(server);
    try {
      await this.rows.insert({ ...toRow(server), source: 'api', updatedBy: actor.principal.username });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw backendError(BackendErrorCode.ServerExists, `A server with id "${server.id}" already exists.`);
      }
      throw error;
    }
    await this.changed(actor, 'created', undefined, server);
    return server;
  }

  async replace(id: string, input: unknown, actor: Actor): Promise<BackendServerDefinition> {
    const before = await this.ownedByApi(id);
    const server = await this.validated(input);
    if (server.id !== id) {
      throw backendError(
        BackendErrorCode.ServerIdMismatch,
        `The body's id "${server.id}" differs from "${id}".`,
      );
    }
    this.assertNamespaceFree(server);
    await this.rows.update(id, {
      ...toRow(server),
      updatedBy: actor.principal.username,
      updatedAt: new Date(),
    });
    await this.changed(actor, 'replaced', before, server);
    return server;
  }

  async remove(id: string, actor: Actor): Promise<void> {
    const before = await this.ownedByApi(id);
    await this.rows.delete(id);
    await this.changed(actor, 'deleted', before, undefined);
  }

  async setEnabled(id: string, enabled: boolean, actor: Actor): Promise<BackendServerDefinition> {
    const before = await this.ownedByApi(id);
    await this.rows.update(id, { enabled, updatedBy: actor.principal.username, updatedAt: new Date() });
    const after = { ...before, enabled };
    await this.changed(actor, enabled ? 'enabled' : 'disabled', before, after);
    return after;
  }

  private async validated(input: unknown): Promise<BackendServerDefinition> {
    const result = validateServerInput(input);
    if (!result.ok) {
      throw backendError(BackendErrorCode.ServerInvalid, result.problems.join('; '), {
        errors: result.problems,
      });
    }
    const server = result.server;
    if (server.type === 'sse' || server.type === 'http' || server.type === 'streamable') {
      const verdict = await checkBackendUrl(new URL(server.url), this.networkPolicy);
      // A name that does not resolve yet may be a backend still starting; the connection is
      // checked again, address by address, when it is made.
      if (!verdict.allowed && verdict.reason !== 'unresolvable') {
        throw backendError(serverUrlRefusedCode(verdict.reason), `url: ${verdict.message}`);
      }
    }
    if (server.type === 'stdio') this.assertStdioAllowed(server);
    return server;
  }

  /** What the stdio policy would refuse at start is refused now, before anything is stored (spec 7). */
  private assertStdioAllowed(server: BackendServerDefinition): void {
    const verdict = checkStdioLaunch({
      commandLine: server.url,
      secretVariable: server.secretItemKey,
      settings: this.stdioSettings,
    });
    if (verdict.ok) return;
    const { rule, token, message } = verdict.violation;
    const field = rule === 'invalid-secret-variable' ? 'secretItemKey' : 'url';
    throw backendError(serverStdioRefusedCode(rule), `${field}: ${message}`, {
      errors: [`${field}: ${message}`],
      rule,
      token,
    });
  }

  /** Ids and aliases share one namespace: `a__tool` must name exactly one server. */
  private assertNamespaceFree(server: BackendServerDefinition): void {
    const names = [server.id, ...(server.alias === undefined ? [] : [server.alias])];
    const clash = this.registry
      .list()
      .map((other) => other.definition)
      .find(
        (other) => other.id !== server.id && names.some((name) => name === other.id || name === other.alias),
      );
    if (clash !== undefined) {
      throw backendError(
        BackendErrorCode.ServerNamespaceTaken,
        `Server "${clash.id}" already uses that name as its id or alias.`,
      );
    }
  }

  private async ownedByApi(id: string): Promise<BackendServerDefinition> {
    const current = this.registry.get(id) ?? (await this.refreshed(id));
    if (current === undefined)
      throw backendError(BackendErrorCode.ServerNotFound, `No server with id "${id}".`);
    if (current.source === 'builtin') {
      throw backendError(
        BackendErrorCode.ServerBuiltIn,
        `Server "${id}" is built into the gateway and cannot be changed.`,
      );
    }
    if (current.source === 'file') {
      throw backendError(
        BackendErrorCode.ServerFileManaged,
        `Server "${id}" is defined in GATEWAY_SERVERS_FILE; change it there.`,
      );
    }
    return current.definition;
  }

  private async refreshed(id: string) {
    await this.registry.refresh();
    return this.registry.get(id);
  }

  private async changed(
    actor: Actor,
    action: string,
    before: BackendServerDefinition | undefined,
    after: BackendServerDefinition | undefined,
  ): Promise<void> {
    await this.registry.refresh();
    await this.feed.announce({ kind: 'servers' });
    await this.audit.record({
      kind: AuditEventKind.ServerChanged,
      ...auditedActor(actor),
      serverId: (after ?? before)?.id ?? null,
      details: { action, before: before ?? null, after: after ?? null },
    });
  }
}
