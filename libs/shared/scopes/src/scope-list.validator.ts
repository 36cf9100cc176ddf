// Validates the scope list of an AppKey create request. Every problem is reported at once, each
// naming the offending scope, so a user can fix the whole request in one round trip.
import { formatScope } from './scope.formatter';
import { parseScope } from './scope.parser';

/** Upper bound on scopes per key, so one request cannot make every later check expensive. */
export const MAX_SCOPES_PER_KEY = 256;

export interface ScopeListProblem {
  /** Position in the submitted list; absent for problems with the list as a whole. */
  readonly index?: number;
  /** The scope as submitted (shortened when huge); absent for problems with the list itself. */
  readonly scope?: string;
  readonly message: string;
}

export type ScopeListValidation =
  | { readonly ok: true; readonly scopes: readonly string[] }
  | { readonly ok: false; readonly problems: readonly ScopeListProblem[] };

/**
 * On success `scopes` holds the canonical form of each scope (see formatScope), duplicates
 * removed, first occurrence order kept: this is the list to store.
 */
export function validateScopes(list: unknown): ScopeListValidation {
  if (!Array.isArray(list)) {
    return failure({ message: 'scopes must be a list of strings' });
  }
  if (list.length === 0) {
    return failure({ message: 'at least one scope is required' });
  }
  if (list.length > MAX_SCOPES_PER_KEY) {
    return failure({ message: `at most ${MAX_SCOPES_PER_KEY} scopes are allowed per key` });
  }
  return collect(list as readonly unknown[]);
}

function collect(list: readonly unknown[]): ScopeListValidation {
  const canonical = new Set<string>();
  const problems: ScopeListProblem[] = [];
  list.forEach((item, index) => {
    const parsed = parseScope(item);
    if (parsed.kind === 'invalid') {
      // Non-strings are described by type only: converting arbitrary values can itself throw.
      const scope = typeof item === 'string' ? parsed.input : `(${item === null ? 'null' : typeof item})`;
      problems.push({ index, scope, message: `scope '${scope}' is invalid: ${parsed.reason}` });
    } else {
      canonical.add(formatScope(parsed));
    }
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, scopes: [...canonical] };
}

function failure(problem: ScopeListProblem): ScopeListValidation {
  return { ok: false, problems: [problem] };
}
