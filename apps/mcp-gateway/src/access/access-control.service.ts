// The one authorization entry point every MCP path calls (spec 5.1 "Authorization pipeline"):
// the pure pipeline fed with the current RBAC snapshot and server categories. Anything that
// goes wrong while gathering those inputs (the database is down, say) denies. A denied request
// is explained to its caller (which layer, what to add) and logged for the administrator with
// what the caller is not told (the deciding row, every key, the mapped groups).
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ACCESS_SETTINGS, type AccessSettings } from './access-settings';
import {
  authorize,
  type AuthorizationContext,
  type AuthorizationDecision,
  type AuthorizationDenial,
  type AuthorizationRequest,
  type AuthorizationStage,
  type DenialReport,
  explainDenial,
  RULES_UNAVAILABLE,
  type TraceLayer,
  traceDecision,
} from './authorization';
import { BACKEND_CATALOG, type BackendCatalog } from './backend-catalog';
import { AccessRulesSnapshot } from './policies/access-rules.snapshot';
import type { Principal } from './principal';

/**
 * `request`: the caller asked for this target and will be answered (explained and logged when
 * denied). `listing`: one item of a list, left out silently when denied (neither explained nor
 * logged, so a list costs the same whatever the caller may see). `diagnosis`: explained but not
 * logged, for telling a caller why a list it asked for came back empty.
 */
export type AuthorizationUse = 'request' | 'listing' | 'diagnosis';

/** A decision (with the caller's explanation when denied) and its layers. */
export interface ExplainedDecision {
  readonly decision: AuthorizationDecision;
  readonly layers: readonly TraceLayer[];
}

const LAYER_NAMES: Readonly<Record<AuthorizationStage, string>> = {
  request: 'request check',
  scope: 'AppKey scope check',
  rbac: 'access policies (RBAC)',
};

@Injectable()
export class AccessControlService {
  private readonly logger = new Logger('AccessControl');

  constructor(
    private readonly rules: AccessRulesSnapshot,
    @Inject(BACKEND_CATALOG) private readonly catalog: BackendCatalog,
    @Inject(ACCESS_SETTINGS) private readonly settings: AccessSettings,
  ) {}

  /**
   * A key that changes whenever a decision input other than the principal, the request and the
   * servers' categories changes: the RBAC rules (by content) and the access settings. Callers that
   * cache decisions add the principal and the catalog; undefined (never cache) when the rules
   * cannot be read.
   */
  async decisionInputsVersion(): Promise<string | undefined> {
    try {
      return `${(await this.rules.read()).version}:${this.settings.adminGroupSid}`;
    } catch {
      return undefined;
    }
  }

  async authorize(
    principal: Principal,
    request: AuthorizationRequest,
    use: AuthorizationUse = 'request',
  ): Promise<AuthorizationDecision> {
    let context: AuthorizationContext;
    try {
      context = await this.context();
    } catch (error) {
      this.logger.error({ err: error, msg: 'Access rules unavailable: denying' });
      return {
        allowed: false,
        stage: 'rbac',
        reason: 'context-failure',
        message: 'Access rules are unavailable; try again later.',
        cause: error,
        ...(use === 'listing' ? {} : { explanation: RULES_UNAVAILABLE }),
      };
    }
    const decision = authorize(principal, request, context);
    if (!decision.allowed && decision.reason === 'context-failure') {
      this.logger.error({ err: decision.cause, msg: 'Authorization failed closed' });
    }
    if (decision.allowed || use === 'listing') return decision;
    const report = explainDenial(principal, request, decision, context);
    if (use === 'request') this.logDenial(principal, request, decision, report);
    return { ...decision, explanation: report.explanation };
  }

  /**
   * The decision `authorize` makes for this principal and request now, layer by layer, for an
   * administrator (decision 059): the same pipeline on the same inputs, nothing logged. Throws when
   * the rules cannot be read (real requests are denied meanwhile).
   */
  async explain(principal: Principal, request: AuthorizationRequest): Promise<ExplainedDecision> {
    const context = await this.context();
    const decision = authorize(principal, request, context);
    const layers = traceDecision(principal, request, decision, context);
    if (decision.allowed) return { decision, layers };
    const { explanation } = explainDenial(principal, request, decision, context);
    return { decision: { ...decision, explanation }, layers };
  }

  private async context(): Promise<AuthorizationContext> {
    const rules = await this.rules.read();
    return {
      categoriesOf: (serverId) => this.catalog.categoriesOf(serverId),
      groupMappings: rules.groupMappings,
      policies: rules.policies,
      adminGroupSid: this.settings.adminGroupSid,
    };
  }

  /** The administrator's line: what the caller is told, plus the rows, keys and groups behind it. */
  private logDenial(
    principal: Principal,
    request: AuthorizationRequest,
    denial: AuthorizationDenial,
    report: DenialReport,
  ): void {
    this.logger.log({
      msg: `Access denied by the ${LAYER_NAMES[report.explanation.layer]}: ${report.explanation.reason}`,
      denial: {
        method: request.method,
        target: request.target,
        ...(request.serverId === undefined ? {} : { serverId: request.serverId }),
        username: principal.username,
        identitySource: principal.identitySource,
        authenticatedBy: principal.method,
        ...(principal.appKey === undefined
          ? {}
          : { keyPrefix: principal.appKey.keyPrefix, scopes: principal.appKey.scopes }),
        layer: report.explanation.layer,
        reason: denial.reason,
        effectiveGroups: report.effectiveGroups,
        targetKeys: report.targetKeys,
        ...(denial.deniedBy === undefined ? {} : { deniedBy: denial.deniedBy }),
      },
    });
  }
}
