// Step 4 of the pipeline, first half: the RBAC target keys a request is known by (spec 5.1).
// Policy rows whose TargetId is one of these keys apply; the admin UI uses the same list to
// show which policies govern a tool, prompt, resource or server.
import {
  DIRECT_PROXY_METHOD,
  coverageOf,
  extractServerId,
  isValidServerId,
  parseCategories,
  trimAsciiWhitespace,
} from '@platform/scopes';
import type { ItemScopeKind, ScopeKind } from '@platform/scopes';
import type { AuthorizationRequest } from './authorization.types';
import { normalizeIdentifier } from './identifier.normalizer';

export interface RbacKeyContext {
  categoriesOf(serverId: string): readonly string[];
  readonly nativeToolPrefixes?: Readonly<Record<string, string>>;
  /** The registered server ids, when known: names are then split as routing splits them (splitNamespacedName). */
  readonly serverIds?: readonly string[];
}

export interface RbacTargetKeys {
  /** The target's server, if it has one; server and category keys exist only then. */
  readonly serverId?: string;
  readonly categories: readonly string[];
  /** Normalized (trimmed, lowercased), unique, most specific first. */
  readonly keys: readonly string[];
}

/** The prefixes that spell an item key; `template:` is the spec's alias of `resource_template:`. */
const ITEM_KEY_PREFIXES: Readonly<Record<ItemScopeKind, readonly string[]>> = {
  tool: ['tool:'],
  prompt: ['prompt:'],
  resource: ['resource:'],
  resource_template: ['resource_template:', 'template:'],
  completion: ['completion:'],
};

const SET_KEY_PREFIXES = ['server:', 'category:', 'group:'] as const;

/**
 * The key every request has: a policy row on `*` applies to every target (an extension of the
 * spec's target keys, so one row can let a group reach whatever its other layers allow). It is the
 * only wildcard: `tool:*` and `server:*` stay literal keys that no request has.
 */
export const EVERY_TARGET_KEY = '*';
const ALL_KEY_PREFIXES: readonly string[] = [...Object.values(ITEM_KEY_PREFIXES).flat(), ...SET_KEY_PREFIXES];

/**
 * Builds the keys of one request, ending with `*`. Item keys use only the prefixes of the item kinds the
 * capability matrix lets allow the method (so `tool:x` never governs a prompt called `x`, and
 * RBAC reaches exactly what scopes reach); `search_tools` is the router-native tool of that name.
 * Throws when `categoriesOf` throws; `authorize` turns that into a denial.
 */
export function buildRbacTargetKeys(request: AuthorizationRequest, context: RbacKeyContext): RbacTargetKeys {
  const target = normalizeIdentifier(request.target) ?? '';
  const serverId = rbacServerId(request, target, context);
  const categories = serverId === undefined ? [] : parseCategories(context.categoriesOf(serverId));
  const keys = [
    ...bareKey(target),
    ...itemKinds(request.method).flatMap((kind) => itemKeys(kind, target)),
    ...(serverId === undefined ? [] : [`server:${serverId}`]),
    ...categories.flatMap((category) => [`category:${category}`, `group:${category}`]),
    EVERY_TARGET_KEY,
  ];
  return { serverId, categories, keys: [...new Set(keys)] };
}

/**
 * Item scope kinds of a method, read from the capability matrix. Unknown methods have none
 * (the pipeline rejects them before it gets here).
 */
export function itemKinds(method: string): readonly ItemScopeKind[] {
  const coverage = coverageOf(method);
  switch (coverage?.rule) {
    case undefined:
      return [];
    case 'scoped':
      return coverage.kinds.filter(isItemKind);
    case 'any-valid-scope-list':
      // Only search_tools: the search itself is the router-native tool `search_tools`.
      return ['tool'];
    case 'as-method':
      return itemKinds(coverage.method);
  }
}

/**
 * The target as its own key, unless it is spelled like a key of some kind: a caller must not
 * reach an item called `category:media` on any server through a policy meant for that category.
 */
function bareKey(target: string): string[] {
  if (target.length === 0 || ALL_KEY_PREFIXES.some((prefix) => target.startsWith(prefix))) {
    return [];
  }
  return [target];
}

function itemKeys(kind: ItemScopeKind, target: string): string[] {
  return target.length === 0 ? [] : ITEM_KEY_PREFIXES[kind].map((prefix) => `${prefix}${target}`);
}

function isItemKind(kind: ScopeKind): kind is ItemScopeKind {
  return Object.hasOwn(ITEM_KEY_PREFIXES, kind);
}

/**
 * Same rule as the scope check: an explicit server id wins, and a malformed one gives no server
 * rather than falling back to the target (which could name another server).
 */
function rbacServerId(
  request: AuthorizationRequest,
  target: string,
  context: RbacKeyContext,
): string | undefined {
  if (request.serverId !== undefined) {
    const explicit = normalizeIdentifier(request.serverId);
    return isValidServerId(explicit) ? explicit : undefined;
  }
  if (request.method === DIRECT_PROXY_METHOD) {
    return isValidServerId(target) ? target : undefined;
  }
  return extractServerId(target, {
    ...(context.nativeToolPrefixes === undefined ? {} : { nativeToolPrefixes: context.nativeToolPrefixes }),
    ...(context.serverIds === undefined ? {} : { serverIds: context.serverIds }),
  });
}

/** TargetId of a policy row in key form: normalized, and `tool: x` read as `tool:x` like scopes. */
export function normalizePolicyTargetId(targetId: unknown): string | undefined {
  const normalized = normalizeIdentifier(targetId);
  if (normalized === undefined) {
    return undefined;
  }
  const prefix = ALL_KEY_PREFIXES.find((candidate) => normalized.startsWith(candidate));
  if (prefix === undefined) {
    return normalized;
  }
  const value = trimAsciiWhitespace(normalized.slice(prefix.length));
  return value.length > 0 ? `${prefix}${value}` : undefined;
}
