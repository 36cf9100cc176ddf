// Turns one scope string into a ParsedScope. Parsing never throws: stored scope lists come from
// the database and create requests come from users, and both must fail closed, not crash.
import { comparableName, trimAsciiWhitespace } from './ascii-text';
import type { ItemScopeKind, ParsedScope, ValidScope } from './scope.types';
import { formatScope } from './scope.formatter';
import { isValidServerId } from './server-id.validator';

/** Longest accepted scope, as typed and in canonical form. Real scopes are far shorter. */
export const MAX_SCOPE_LENGTH = 512;

/** The spellings that grant everything (spec 2.1). */
export const GLOBAL_SCOPE_ALIASES: readonly string[] = ['*', 'all', 'mcp_client'];

// C0 controls, DEL and C1 controls: never part of a name or URI, often part of an injection.
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

const TOO_LONG = `a scope is at most ${MAX_SCOPE_LENGTH} characters`;

type PrefixedKind = 'server' | 'category' | ItemScopeKind;

// Aliases collapse here, so `group:` and `template:` never reach the matcher.
const PREFIX_KINDS: ReadonlyMap<string, PrefixedKind> = new Map<string, PrefixedKind>([
  ['server', 'server'],
  ['category', 'category'],
  ['group', 'category'],
  ['tool', 'tool'],
  ['prompt', 'prompt'],
  ['resource', 'resource'],
  ['resource_template', 'resource_template'],
  ['template', 'resource_template'],
  ['completion', 'completion'],
]);

/** Spec 2.1: scopes are trimmed and lowercased before use (ASCII only: see ascii-text.ts). */
export function normalizeScope(raw: string): string {
  return comparableName(raw);
}

export function parseScope(raw: unknown): ParsedScope {
  if (typeof raw !== 'string') {
    return invalid('', 'a scope must be a string');
  }
  // Checked before normalizing so a huge input costs nothing and is not echoed back whole.
  if (raw.length > MAX_SCOPE_LENGTH) {
    return invalid(raw.slice(0, 40) + '…', TOO_LONG);
  }
  const scope = normalizeScope(raw);
  if (scope.length === 0) {
    return invalid(raw, 'a scope must not be empty');
  }
  if (CONTROL_CHARACTER.test(scope)) {
    return invalid(raw, 'a scope must not contain control characters');
  }
  const colon = scope.indexOf(':');
  const parsed = colon < 0 ? parseUnprefixed(raw, scope) : parsePrefixed(raw, scope, colon);
  // Checked again on the canonical text: aliases (`template:` → `resource_template:`) and
  // lowercasing can lengthen it, and what we store must parse again.
  if (isValidScope(parsed) && formatScope(parsed).length > MAX_SCOPE_LENGTH) {
    return invalid(raw, TOO_LONG);
  }
  return parsed;
}

function parseUnprefixed(raw: string, scope: string): ParsedScope {
  // `all` and `mcp_client` are also well-formed server ids; the spec gives them the global
  // meaning, so a server with such an id can only be scoped as `server:<id>`.
  if (GLOBAL_SCOPE_ALIASES.includes(scope)) {
    return { kind: 'global' };
  }
  if (isValidServerId(scope)) {
    return { kind: 'server', serverId: scope };
  }
  return invalid(raw, `'${scope}' is neither a known scope nor a valid server id`);
}

function parsePrefixed(raw: string, scope: string, colon: number): ParsedScope {
  // Trimming around the colon reads a typo like `category: media` as meant; untrimmed, the
  // value would carry a space that no category, tool or URI ever has, and never match.
  const prefix = trimAsciiWhitespace(scope.slice(0, colon));
  const value = trimAsciiWhitespace(scope.slice(colon + 1));
  const kind = PREFIX_KINDS.get(prefix);
  if (kind === undefined) {
    return invalid(raw, `unknown scope prefix '${prefix}:'`);
  }
  if (value.length === 0) {
    return invalid(raw, `'${prefix}:' needs a value after the colon`);
  }
  return buildScope(raw, kind, value);
}

function buildScope(raw: string, kind: PrefixedKind, value: string): ParsedScope {
  switch (kind) {
    case 'server':
      return isValidServerId(value)
        ? { kind: 'server', serverId: value }
        : invalid(raw, `'${value}' is not a valid server id`);
    case 'category':
      return { kind: 'category', category: value };
    case 'tool':
    case 'prompt':
    case 'resource':
    case 'resource_template':
    case 'completion':
      return { kind, target: value };
  }
}

function invalid(input: string, reason: string): ParsedScope {
  return { kind: 'invalid', input, reason };
}

/** Narrowing helper for callers that only care whether a parse succeeded. */
export function isValidScope(scope: ParsedScope): scope is ValidScope {
  return scope.kind !== 'invalid';
}
