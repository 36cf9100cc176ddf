// The media-server binding's use cases: the status page, the caller's servers on plex.tv, and
// binding after a connectivity check (docs/decisions/034). Talks to Plex through PlexClients and
// stores through MediaServerBindingRepository; HTTP stays in the controller.
import { Inject, Injectable } from '@nestjs/common';
import { MediaClientError } from '@platform/curation-media-clients';
import type { PlexServerResource, PlexTvApi } from '@platform/curation-media-clients';
import { SERVICE_LOGGER } from '@platform/service-kit';
import type { Logger } from 'pino';
import { actorName, type Caller } from '../access/caller';
import { BindPermission } from '../access/sign-in/bind-permission';
import { AuditAction } from '../audit/audit-actions';
import { AuditLedger } from '../audit/audit-ledger';
import { CALLER_PLEX_TOKEN, type CallerPlexToken } from './caller-plex-token';
import type { BindMediaServerDto } from './dto/bind-media-server.dto';
import { MediaServerBindingRepository } from './media-server-binding.repository';
import { MediaServerErrors } from './media-server-errors';
import { MediaServerHealth } from './media-server-health';
import type { MediaServerStatusView } from './media-server-status';
import { PlexClients } from './plex-clients';
import type { PlexServerView } from './plex-server-view';

@Injectable()
export class MediaServerService {
  constructor(
    private readonly bindings: MediaServerBindingRepository,
    private readonly health: MediaServerHealth,
    private readonly clients: PlexClients,
    @Inject(CALLER_PLEX_TOKEN) private readonly plexTokens: CallerPlexToken,
    private readonly bindPermission: BindPermission,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
    private readonly ledger: AuditLedger,
  ) {}

  async status(): Promise<MediaServerStatusView> {
    const binding = await this.bindings.current();
    if (binding === null) {
      return {
        bound: false,
        machineIdentifier: null,
        name: null,
        baseUrl: null,
        health: { reachable: false, checkedAt: null, error: null },
        libraries: [],
      };
    }
    const report = await this.health.check(binding);
    return {
      bound: true,
      machineIdentifier: binding.machineIdentifier,
      name: binding.name,
      baseUrl: binding.baseUrl,
      health: { reachable: report.reachable, checkedAt: report.checkedAt.toISOString(), error: report.error },
      libraries: [...report.libraries],
    };
  }

  async servers(caller: Caller): Promise<PlexServerView[]> {
    const token = await this.plexTokens.plexTokenOf(caller);
    if (token === null) throw MediaServerErrors.plexAccountRequired();
    const [resources, binding] = await Promise.all([
      askPlexTv((plexTv) => plexTv.getServers(token), await this.clients.plexTv()),
      this.bindings.current(),
    ]);
    return resources.map((resource) => serverView(resource, binding?.machineIdentifier ?? null));
  }

  async bind(caller: Caller, request: BindMediaServerDto): Promise<MediaServerStatusView> {
    const current = await this.bindings.current();
    if (
      current !== null &&
      current.machineIdentifier !== request.machineIdentifier &&
      request.force !== true &&
      (await this.bindings.hasCatalog())
    ) {
      throw MediaServerErrors.catalogExists(current.machineIdentifier, request.machineIdentifier);
    }
    // Who may bind which server: decision 034 (a Plex account only a server it owns).
    const ownerFromCaller = await this.bindPermission.check(caller, request.machineIdentifier);
    // The owner signed in with Plex may leave the token out: their account token opens their server.
    const token =
      request.apiKey ?? (ownerFromCaller === null ? null : await this.plexTokens.plexTokenOf(caller));
    if (token === null) throw MediaServerErrors.apiKeyRequired();
    await this.checkServer(request.baseUrl, request.machineIdentifier, token);
    const ownerAccountId = ownerFromCaller ?? (await this.accountOfToken(token));
    await this.bindings.transaction(async (manager) => {
      await this.bindings.replace(
        {
          machineIdentifier: request.machineIdentifier,
          name: request.name,
          baseUrl: request.baseUrl,
          token,
          ownerAccountId,
          boundBy: actorName(caller),
        },
        manager,
      );
      // Never the token: the ledger is read by every Admin.
      const details = {
        machineIdentifier: request.machineIdentifier,
        name: request.name,
        baseUrl: request.baseUrl,
        ownerAccountId,
        previous:
          current === null ? null : { machineIdentifier: current.machineIdentifier, name: current.name },
        forced: request.force === true,
      };
      await this.ledger.record(
        caller,
        { action: AuditAction.MediaServerBound, title: request.name, details },
        manager,
      );
    });
    this.health.forget();
    this.logger.info(
      {
        machineIdentifier: request.machineIdentifier,
        previousMachineIdentifier: current?.machineIdentifier ?? null,
        boundBy: actorName(caller),
      },
      'media server bound',
    );
    return this.status();
  }

  /** /identity must name the requested server, and the token must open the owner-only accounts list. */
  private async checkServer(baseUrl: string, machineIdentifier: string, token: string): Promise<void> {
    const server = await this.clients.server(baseUrl, token);
    let answered: string;
    try {
      answered = (await server.getIdentity()).machineIdentifier;
    } catch (error) {
      throw serverFailure(baseUrl, error);
    }
    if (answered !== machineIdentifier) {
      throw MediaServerErrors.identifierMismatch(machineIdentifier, answered);
    }
    try {
      await server.getAccounts();
    } catch (error) {
      if (error instanceof MediaClientError && error.code === 'unauthorized') {
        throw MediaServerErrors.tokenRefused();
      }
      throw serverFailure(baseUrl, error);
    }
  }

  /**
   * The plex.tv account behind the server token: the owner, since only the owner's token reads
   * the server's accounts. Unknown (null) when plex.tv does not say; the binding stands anyway,
   * and access can still learn the owner from plex.tv resources at sign-in.
   */
  private async accountOfToken(token: string): Promise<string | null> {
    try {
      const account = await (await this.clients.plexTv()).getAccount(token);
      return String(account.id);
    } catch (error) {
      if (!(error instanceof MediaClientError)) throw error;
      this.logger.warn({ reason: error.message }, 'bound the media server without knowing its owner');
      return null;
    }
  }
}

async function askPlexTv<T>(ask: (plexTv: PlexTvApi) => Promise<T>, plexTv: PlexTvApi): Promise<T> {
  try {
    return await ask(plexTv);
  } catch (error) {
    if (!(error instanceof MediaClientError)) throw error;
    if (error.code === 'unauthorized') throw MediaServerErrors.plexTvRefusedToken();
    throw MediaServerErrors.plexTvFailed(error.message);
  }
}

function serverFailure(baseUrl: string, error: unknown): Error {
  if (!(error instanceof MediaClientError)) return error instanceof Error ? error : new Error(String(error));
  switch (error.code) {
    case 'unreachable':
    case 'timeout':
    case 'bad-status':
      return MediaServerErrors.unreachable(baseUrl, error.message);
    case 'unauthorized':
    case 'not-found':
    case 'bad-answer':
    case 'wrong-app':
      return MediaServerErrors.notPlex(baseUrl, error.message);
  }
}

function serverView(resource: PlexServerResource, boundMachineIdentifier: string | null): PlexServerView {
  return {
    name: resource.name,
    machineIdentifier: resource.clientIdentifier,
    product: resource.product,
    productVersion: resource.productVersion,
    owned: resource.owned,
    ownerId: resource.ownerId === null ? null : String(resource.ownerId),
    sourceTitle: resource.sourceTitle,
    bound: resource.clientIdentifier === boundMachineIdentifier,
    connections: resource.connections.map((connection) => ({
      uri: connection.uri,
      protocol: connection.protocol,
      address: connection.address,
      port: connection.port,
      local: connection.local,
      relay: connection.relay,
    })),
  };
}
