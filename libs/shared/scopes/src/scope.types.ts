// The parsed shape of one AppKey scope (spec 2.1 scope grammar). Every consumer switches on
// `kind`, so adding a kind is a compile error wherever it is not yet handled.

/** Everything on all servers: `*`, `all` or `mcp_client`. */
export interface GlobalScope {
  readonly kind: 'global';
}

/** Everything of one backend server: `server:<id>` or a bare `<id>`. */
export interface ServerScope {
  readonly kind: 'server';
  readonly serverId: string;
}

/** Every server currently tagged with a category: `category:<name>` or `group:<name>`. */
export interface CategoryScope {
  readonly kind: 'category';
  readonly category: string;
}

/** Scope kinds that name exactly one item rather than a set of servers. */
export type ItemScopeKind = 'tool' | 'prompt' | 'resource' | 'resource_template' | 'completion';

/** One exact tool, prompt, resource URI, resource template URI or completion reference. */
export interface ItemScope {
  readonly kind: ItemScopeKind;
  readonly target: string;
}

export type ValidScope = GlobalScope | ServerScope | CategoryScope | ItemScope;

export type ScopeKind = ValidScope['kind'];

/** A scope that failed to parse; `reason` is meant for people (API error messages, logs). */
export interface InvalidScope {
  readonly kind: 'invalid';
  readonly input: string;
  readonly reason: string;
}

export type ParsedScope = ValidScope | InvalidScope;
