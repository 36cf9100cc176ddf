// Why a caller sees no tool at all, for Meta-Mode's empty `search_tools` answer (docs/decisions/023):
// no backend is registered, none offers tools right now, the caller's AppKey scopes cover none of
// them, or no access policy allows them to the caller's groups. It tells the caller what it could
// learn anyway (servers exist; its own scopes and groups, as `GET /api/me` shows them; the ids of
// servers its scopes already name) and never which policy rows exist.
import { Injectable } from '@nestjs/common';
import { AccessControlService } from '../../access/access-control.service';
import type { AuthorizationDecision, DenialExplanation } from '../../access/authorization';
import type { Principal } from '../../access/principal';
import { ServerRegistry } from '../../backends/registry/server-registry.service';
import { BackendListsCache } from '../views/backend-lists.cache';
import { namespacedName } from '@platform/scopes';

const NO_TOOLS = 'No tools are available to you';
/** Server ids named in one answer at most. */
const MAX_NAMED_SERVERS = 10;
/**
 * How long an answer is reused for the same caller: working it out authorizes every tool of the
 * catalog, and a caller who sees nothing must not make each repeated search cost that again.
 */
const ANSWER_TTL_MS = 5_000;
const ANSWER_ENTRIES = 200;

interface ToolDecision {
  readonly serverId: string;
  readonly name: string;
  readonly decision: AuthorizationDecision;
}

@Injectable()
export class EmptyCatalogExplainer {
  /** Recent answers by caller, oldest first. */
  private readonly recent = new Map<string, { readonly answer: Promise<string>; readonly until: number }>();

  constructor(
    private readonly lists: BackendListsCache,
    private readonly registry: ServerRegistry,
    private readonly access: AccessControlService,
  ) {}

  /** The answer for a caller who may see none of the gateway's tools. */
  explain(principal: Principal, now = Date.now()): Promise<string> {
    const key = JSON.stringify(principal);
    const cached = this.recent.get(key);
    if (cached !== undefined && cached.until > now) return cached.answer;
    const answer = this.workOut(principal);
    this.recent.delete(key);
    this.recent.set(key, { answer, until: now + ANSWER_TTL_MS });
    for (const oldest of this.recent.keys()) {
      if (this.recent.size <= ANSWER_ENTRIES) break;
      this.recent.delete(oldest);
    }
    return answer;
  }

  private async workOut(principal: Principal): Promise<string> {
    if (!this.registry.list().some((server) => server.source !== 'builtin')) {
      return (
        `${NO_TOOLS}: no backend server is registered yet. An administrator adds one ` +
        '(POST /api/servers, or GATEWAY_SERVERS_FILE).'
      );
    }
    const decisions = await this.decisions(principal);
    if (decisions.length === 0) {
      return (
        `${NO_TOOLS}: no backend server offers tools right now (the registered ones are disabled, ` +
        'hidden, not connected, failed or list no tools). An administrator sees why in ' +
        'GET /api/servers or the router://status resource.'
      );
    }
    if (decisions.some(({ decision }) => decision.allowed)) {
      // The catalog changed between the search and now: the caller does see something.
      return 'The tools you may use changed during this search; search again.';
    }
    return this.explainDenials(principal, decisions);
  }

  /** One decision per tool of every listed server, as a list would make it (neither explained nor logged). */
  private async decisions(principal: Principal): Promise<ToolDecision[]> {
    const decisions: ToolDecision[] = [];
    for (const { serverId, items } of await this.lists.everywhere('tools')) {
      for (const item of items) {
        const name = item['name'];
        if (typeof name !== 'string') continue;
        const target = namespacedName(serverId, name);
        const decision = await this.access.authorize(
          principal,
          { method: 'tools/list', target, serverId },
          'listing',
        );
        decisions.push({ serverId, name: target, decision });
      }
    }
    return decisions;
  }

  /**
   * The nearest layer to passing decides what is said: a tool that got past the scope check to
   * RBAC means scopes are not the problem, so the policies are.
   */
  private async explainDenials(principal: Principal, decisions: readonly ToolDecision[]): Promise<string> {
    const atPolicies = decisions.filter(({ decision }) => !decision.allowed && decision.stage === 'rbac');
    const nearest =
      atPolicies.find(({ decision }) => !decision.allowed && decision.reason === 'no-matching-allow') ??
      atPolicies[0] ??
      decisions[0];
    if (nearest === undefined) return `${NO_TOOLS}.`;
    const explanation = await this.explanationFor(principal, nearest);
    switch (explanation?.reason) {
      case 'no-allow-policy':
        return noAllowPolicy(principal, explanation, serversOf(atPolicies));
      case 'denied-by-policy':
        return (
          `${NO_TOOLS}: access policies deny the tools your credentials reach to one of your groups. ` +
          'Only an administrator can change that (a deny wins over every allow).'
        );
      case 'scope-does-not-cover':
        return (
          `${NO_TOOLS}: your AppKey's scopes (${(principal.appKey?.scopes ?? []).join(', ')}) cover none ` +
          'of the servers that have tools. Use a key whose scopes name the server you need ' +
          '(server:<id>, category:<name>, tool:<server>__<tool>, or * for every server).'
        );
      case undefined:
        return `${NO_TOOLS}.`;
      case 'method-not-served':
      case 'no-usable-scopes':
      case 'rules-unavailable':
        return `${NO_TOOLS}: ${explanation.hint}`;
    }
  }

  private async explanationFor(
    principal: Principal,
    tool: ToolDecision,
  ): Promise<DenialExplanation | undefined> {
    const decision = await this.access.authorize(
      principal,
      { method: 'tools/list', target: tool.name, serverId: tool.serverId },
      'diagnosis',
    );
    return decision.allowed ? undefined : decision.explanation;
  }
}

/**
 * An AppKey caller is told the servers its scopes reach (it holds those scopes); anyone else gets
 * no server names, only the shape of the row to ask for.
 */
function noAllowPolicy(
  principal: Principal,
  explanation: DenialExplanation,
  servers: readonly string[],
): string {
  const groups = explanation.allowPolicy?.requiredGroups ?? [];
  const isKey = principal.appKey !== undefined;
  const named = servers.slice(0, MAX_NAMED_SERVERS).join(', ');
  const more = servers.length > MAX_NAMED_SERVERS ? ` and ${servers.length - MAX_NAMED_SERVERS} more` : '';
  const reach = isKey ? `your AppKey's scopes reach tools on ${named}${more}, but ` : '';
  if (groups.length === 0) {
    return (
      `${NO_TOOLS}: ${reach}you hold no group an access policy can name. An administrator maps your ` +
      'user name or a group of yours to a group (POST /api/group-mappings) and allows that group.'
    );
  }
  const row = (targetId: string) => JSON.stringify({ targetId, requiredGroup: groups[0], isAllowed: 1 });
  const example = row(isKey && servers[0] !== undefined ? `server:${servers[0]}` : 'server:<id>');
  return (
    `${NO_TOOLS}: ${reach}no access policy allows ${isKey ? 'them' : 'any tool'} to your groups ` +
    `(${groups.join(', ')}). An administrator adds an allow row, for example POST /api/policies ` +
    `${example}, or ${row('*')} for ${isKey ? "everything the key's scopes cover" : 'every tool'}.`
  );
}

function serversOf(decisions: readonly ToolDecision[]): string[] {
  return [...new Set(decisions.map(({ serverId }) => serverId))].sort();
}
