// Derives the informational `scopeSlug` of a new key from its scopes (see README for the table).
// The slug only helps people recognise a key; authorization always uses the stored scope list.
import { extractServerId, parseScope, type ValidScope } from '@platform/scopes';
import { MAX_SCOPE_SLUG_LENGTH, SCOPE_SLUG_PATTERN } from './app-key-format.constants';

export interface ScopeSlugOptions {
  /** Bootstrap and administrator keys get `adm` whatever their scopes. */
  readonly administrator?: boolean;
  /** Passed to extractServerId for `tool:` scopes; the gateway's configured mapping. */
  readonly nativeToolPrefixes?: Readonly<Record<string, string>>;
}

// Broadest first: a key's slug should never understate what the key can reach.
const BREADTH: Readonly<Record<ValidScope['kind'], number>> = {
  global: 4,
  category: 3,
  server: 2,
  tool: 1,
  prompt: 0,
  resource: 0,
  resource_template: 0,
  completion: 0,
};

export function deriveScopeSlug(scopes: readonly string[], options: ScopeSlugOptions = {}): string {
  if (options.administrator === true) {
    return 'adm';
  }
  const primary = primaryScope(scopes);
  return primary === undefined ? 'usr' : slugOf(primary, options);
}

export function isValidScopeSlug(slug: unknown): slug is string {
  return typeof slug === 'string' && slug.length <= MAX_SCOPE_SLUG_LENGTH && SCOPE_SLUG_PATTERN.test(slug);
}

/** The broadest valid scope, the first one on ties; invalid entries are skipped. */
function primaryScope(scopes: readonly string[]): ValidScope | undefined {
  let primary: ValidScope | undefined;
  for (const raw of scopes) {
    const scope = parseScope(raw);
    if (scope.kind !== 'invalid' && (primary === undefined || BREADTH[scope.kind] > BREADTH[primary.kind])) {
      primary = scope;
    }
  }
  return primary;
}

function slugOf(scope: ValidScope, options: ScopeSlugOptions): string {
  switch (scope.kind) {
    case 'global':
      return 'glb';
    case 'category':
      return composeSlug('grp', scope.category);
    case 'server':
      return composeSlug('srv', scope.serverId);
    case 'tool':
      return composeSlug('tool', extractServerId(scope.target, options) ?? '');
    case 'prompt':
    case 'resource':
    case 'resource_template':
    case 'completion':
      return 'usr';
  }
}

function composeSlug(kind: string, qualifier: string): string {
  const sanitized = sanitizeQualifier(qualifier);
  const slug = sanitized.length > 0 ? `${kind}-${sanitized}` : kind;
  return trimHyphens(slug.slice(0, MAX_SCOPE_SLUG_LENGTH));
}

/** Lowercase; every run of characters outside `[a-z0-9]` becomes one `-`. */
function sanitizeQualifier(qualifier: string): string {
  return trimHyphens(qualifier.toLowerCase().replace(/[^a-z0-9]+/g, '-'));
}

// Runs of `-` are already collapsed to one, so at most one character goes at each end.
function trimHyphens(text: string): string {
  const start = text.startsWith('-') ? 1 : 0;
  const end = text.endsWith('-') ? text.length - 1 : text.length;
  return text.slice(start, Math.max(start, end));
}
