// The administrator's "explain" (decision 059): build the principal a request would carry (an
// AppKey's exactly as authentication builds it, or a person as their sign-in would state them) and
// the request's target exactly as the MCP views name it, then ask AccessControlService, which runs
// the one pipeline on the live rules. Nothing here decides access.
import { Inject, Injectable } from '@nestjs/common';
import { DIRECT_PROXY_METHOD } from '@platform/scopes';
import { CLOCK, type Clock } from '@platform/service-kit';
import { authorizationTarget } from '../../mcp/views/namespacing';
import { AccessControlService, type ExplainedDecision } from '../access-control.service';
import { accessError, AccessErrorCode, AccessMessages } from '../access.errors';
import type { Actor } from '../actor';
import { AppKeyRepository } from '../app-keys/app-key.repository';
import type { AppKeyEntity } from '../app-keys/app-key.entity';
import { keyPrincipal } from '../authentication/app-key.authenticator';
import {
  type AuthorizationRequest,
  type DenialExplanation,
  permissionDeniedMessage,
  type TraceLayer,
} from '../authorization';
import { BACKEND_CATALOG, type BackendCatalog } from '../backend-catalog';
import { SIGN_IN_SOURCES, SignInSources, SSO_SOURCE } from '../identity';
import type { Principal } from '../principal';
import { canonicalSid } from '../security-identifier';
import type { ExplainAccessDto, ExplainPrincipalDto, ExplainTargetDto } from './dto/explain-access.dto';
import type {
  AccessExplanationView,
  CallerExplanationView,
  ExplainedLayerView,
} from './dto/access-explanation.view';

const ITEM_METHODS = { tool: 'tools/call', prompt: 'prompts/get', resource: 'resources/read' } as const;
const ITEM_LISTS = { tool: 'tools', prompt: 'prompts', resource: 'resources' } as const;

interface Subject {
  readonly principal: Principal;
  readonly key?: AppKeyEntity;
}

@Injectable()
export class AccessExplainService {
  constructor(
    private readonly access: AccessControlService,
    private readonly keys: AppKeyRepository,
    @Inject(SIGN_IN_SOURCES) private readonly sources: SignInSources,
    @Inject(BACKEND_CATALOG) private readonly catalog: BackendCatalog,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async explain(body: ExplainAccessDto, actor: Actor): Promise<AccessExplanationView> {
    const request = this.requestOf(body.target);
    const subject = await this.subjectOf(body.principal, actor);
    const expiresAt = subject.key?.expiresAt ?? null;
    const expired = expiresAt !== null && expiresAt.getTime() <= this.clock.nowMs();
    if (expired) return refusedAtAuthentication(subject, request);
    let explained: ExplainedDecision;
    try {
      explained = await this.access.explain(subject.principal, request);
    } catch {
      throw accessError(
        AccessErrorCode.ExplainRulesUnavailable,
        'The access rules cannot be read now, so every request is denied; try again shortly.',
      );
    }
    const { decision, layers } = explained;
    return {
      principal: principalView(subject),
      request: requestView(request),
      allowed: decision.allowed,
      ...(decision.allowed
        ? {}
        : {
            message: callerMessage(request, decision.message),
            ...(decision.explanation === undefined
              ? {}
              : { callerExplanation: callerExplanationView(decision.explanation) }),
          }),
      layers: [authenticated(subject), ...layers.map(layerView)],
    };
  }

  /** The request the MCP views would authorize: the item's namespaced name, or the direct proxy. */
  private requestOf(target: ExplainTargetDto): Required<AuthorizationRequest> {
    if ((target.kind === undefined) !== (target.name === undefined)) {
      throw accessError(
        AccessErrorCode.ExplainInvalidTarget,
        'target: give kind and name together (one tool, prompt or resource), or neither (the server itself).',
      );
    }
    if (!this.catalog.isRegistered(target.serverId)) {
      throw accessError(AccessErrorCode.ExplainUnknownServer, `No server with id '${target.serverId}'.`);
    }
    if (target.kind === undefined || target.name === undefined) {
      return { method: DIRECT_PROXY_METHOD, target: target.serverId, serverId: target.serverId };
    }
    const item = authorizationTarget({
      serverId: target.serverId,
      kind: ITEM_LISTS[target.kind],
      name: target.name,
    });
    return { method: ITEM_METHODS[target.kind], ...item };
  }

  private async subjectOf(given: ExplainPrincipalDto, actor: Actor): Promise<Subject> {
    const personal = [given.user, given.identitySource, given.groups, given.sids].some(
      (field) => field !== undefined,
    );
    if (given.keyId !== undefined) {
      if (personal)
        throw invalidPrincipal(
          'give keyId alone, or a person (user, identitySource, groups, sids), not both.',
        );
      const key = await this.keys.findLiveById(given.keyId, ['app_key', 'client']);
      if (key === null) {
        throw accessError(
          AccessErrorCode.AppKeyNotFound,
          `No active AppKey or client with id '${given.keyId}'.`,
        );
      }
      return { principal: keyPrincipal(key), key };
    }
    if (given.user === undefined) throw invalidPrincipal('give keyId, or a person with at least user.');
    const badSids = (given.sids ?? []).filter((sid) => canonicalSid(sid.trim()) === undefined);
    if (badSids.length > 0) throw invalidPrincipal(`not a SID: ${badSids.join(', ')}.`);
    const source =
      given.identitySource === undefined
        ? this.sources.ownerSource(undefined, true, actor.principal)
        : this.sources.scope(given.identitySource);
    return {
      principal: {
        method: source === SSO_SOURCE ? 'sso-header' : 'oauth',
        username: given.user,
        identitySource: source,
        roles: [],
        groups: given.groups ?? [],
        sids: (given.sids ?? []).map((sid) => sid.trim()),
        fullAdminClaim: false,
      },
    };
  }
}

/**
 * What the caller reads: the MCP views answer every refused item with the one permission message
 * (whatever the layer; `data` tells the layer), the direct endpoint with the pipeline's own.
 */
function callerMessage(request: Required<AuthorizationRequest>, pipelineMessage: string): string {
  return request.method === DIRECT_PROXY_METHOD
    ? pipelineMessage
    : permissionDeniedMessage(request.method, request.target);
}

function invalidPrincipal(problem: string): Error {
  return accessError(AccessErrorCode.ExplainInvalidPrincipal, `principal: ${problem}`);
}

/** An expired key never reaches the pipeline: authentication refuses it first. */
function refusedAtAuthentication(
  subject: Subject,
  request: Required<AuthorizationRequest>,
): AccessExplanationView {
  const layers = ['request', 'scope', 'groups', 'admin-bypass', 'rbac'].map((layer) => ({
    layer,
    verdict: 'not-reached',
    reason: 'An earlier layer decided.',
  }));
  return {
    principal: principalView(subject),
    request: requestView(request),
    allowed: false,
    message: AccessMessages.expired,
    layers: [
      {
        layer: 'authentication',
        verdict: 'deny',
        reason: 'The key has expired, so it is refused before any check.',
      },
      ...layers,
    ],
  };
}

function authenticated(subject: Subject): ExplainedLayerView {
  const { principal, key } = subject;
  return {
    layer: 'authentication',
    verdict: 'pass',
    reason:
      key === undefined
        ? `A person signed in from ${principal.identitySource} as ${principal.username}, with the groups and SIDs given here.`
        : `The ${key.kind === 'client' ? 'client' : 'AppKey'} ${key.keyPrefix} is active; it acts for ${principal.username}.`,
  };
}

function principalView(subject: Subject): AccessExplanationView['principal'] {
  const { principal, key } = subject;
  const scopes = principal.appKey?.scopes;
  return {
    username: principal.username,
    identitySource: principal.identitySource,
    authenticatedBy: principal.method,
    roles: [...principal.roles],
    groups: [...principal.groups],
    sids: [...principal.sids],
    ...(key === undefined
      ? {}
      : {
          appKey: {
            id: key.id,
            name: key.name,
            keyPrefix: key.keyPrefix,
            kind: key.kind,
            scopes: scopes === null || scopes === undefined ? null : [...scopes],
            expiresAt: key.expiresAt?.toISOString() ?? null,
          },
        }),
  };
}

function requestView(request: Required<AuthorizationRequest>): AccessExplanationView['request'] {
  return { method: request.method, target: request.target, serverId: request.serverId };
}

function layerView(layer: TraceLayer): ExplainedLayerView {
  const { policy, effectiveGroups, allowGroups, targetKeys, ...rest } = layer;
  return {
    ...rest,
    ...(effectiveGroups === undefined ? {} : { effectiveGroups: [...effectiveGroups] }),
    ...(allowGroups === undefined ? {} : { allowGroups: [...allowGroups] }),
    ...(targetKeys === undefined ? {} : { targetKeys: [...targetKeys] }),
    ...(policy === undefined
      ? {}
      : {
          policy: {
            targetId: policy.targetId,
            requiredGroup: policy.requiredGroup,
            isAllowed: policy.isAllowed,
            identitySource: policy.identitySource ?? null,
          },
        }),
  };
}

function callerExplanationView(explanation: DenialExplanation): CallerExplanationView {
  const { scopes, allowPolicy, ...rest } = explanation;
  return {
    ...rest,
    ...(scopes === undefined ? {} : { scopes: [...scopes] }),
    ...(allowPolicy === undefined
      ? {}
      : {
          allowPolicy: {
            requiredGroups: [...allowPolicy.requiredGroups],
            targetIds: [...allowPolicy.targetIds],
          },
        }),
  };
}
