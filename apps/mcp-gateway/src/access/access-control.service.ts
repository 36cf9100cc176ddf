// The one authorization entry point every MCP path calls (spec 5.1 "Authorization pipeline"):
// the pure pipeline fed with the current RBAC snapshot and server categories. Anything that
// goes wrong while gathering those inputs (the database is down, say) denies.
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ACCESS_SETTINGS, type AccessSettings } from './access-settings';
import { authorize, type AuthorizationDecision, type AuthorizationRequest } from './authorization';
import { BACKEND_CATALOG, type BackendCatalog } from './backend-catalog';
import { AccessRulesSnapshot } from './policies/access-rules.snapshot';
import type { Principal } from './principal';

@Injectable()
export class AccessControlService {
  private readonly logger = new Logger(AccessControlService.name);

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

  async authorize(principal: Principal, request: AuthorizationRequest): Promise<AuthorizationDecision> {
    let rules;
    try {
      rules = await this.rules.read();
    } catch (error) {
      this.logger.error({ err: error }, 'Access rules unavailable: denying');
      return {
        allowed: false,
        stage: 'rbac',
        reason: 'context-failure',
        message: 'Access rules are unavailable; try again later.',
        cause: error,
      };
    }
    const decision = authorize(principal, request, {
      categoriesOf: (serverId) => this.catalog.categoriesOf(serverId),
      groupMappings: rules.groupMappings,
      policies: rules.policies,
      adminGroupSid: this.settings.adminGroupSid,
    });
    if (!decision.allowed && decision.reason === 'context-failure') {
      this.logger.error({ err: decision.cause }, 'Authorization failed closed');
    }
    return decision;
  }
}
