// The one rule for session names the bridge accepts, creates and lists. tmux expands `#{…}` and
// `#(…)` formats in names (a name can run a shell command), rewrites `:` and `.`, and matches bare
// targets by prefix, so anything outside this small alphabet is refused before tmux sees it.

/** Letters, digits, `_` and `-`, starting with a letter or digit, at most 64 characters. */
export const SESSION_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** Names a client may never create or address as a session (`term:new` is the creation model). */
export const RESERVED_SESSION_NAMES: ReadonlySet<string> = new Set(['new']);

export type SessionNameProblem = 'invalid' | 'reserved';

export function isValidSessionName(name: string): boolean {
  return SESSION_NAME_PATTERN.test(name);
}

/** Why a name cannot be used for a bridge session, or `undefined` when it can. */
export function sessionNameProblem(name: string): SessionNameProblem | undefined {
  if (!isValidSessionName(name)) return 'invalid';
  if (RESERVED_SESSION_NAMES.has(name)) return 'reserved';
  return undefined;
}

/** Human explanation of a naming problem, for error messages and chat replies. */
export function describeSessionNameProblem(name: string, problem: SessionNameProblem): string {
  const shown = JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name);
  return problem === 'reserved'
    ? `Session name ${shown} is reserved.`
    : `Session name ${shown} is not allowed: use 1-64 letters, digits, "_" or "-", starting with a letter or digit.`;
}

/**
 * The exact-match session target (`=name`). A bare `-t name` would also match prefixes and
 * fnmatch patterns, so `kill-session -t sp` could kill `sp ace`.
 */
export function exactSessionTarget(name: string): string {
  assertSessionName(name);
  return `=${name}`;
}

/** Target of the active pane of a session's current window (`=name:`); `=name` alone fails for panes. */
export function exactPaneTarget(name: string): string {
  assertSessionName(name);
  return `=${name}:`;
}

function assertSessionName(name: string): void {
  // A programming error, not a user error: callers validate names at the edge first.
  if (!isValidSessionName(name)) throw new TypeError(`refusing to target an unvalidated session name`);
}

/** The lowest free `<prefix><n>` (n ≥ 1) not in `taken`: deterministic names for new sessions. */
export function lowestFreeName(taken: Iterable<string>, prefix = 'term-'): string {
  const used = new Set(taken);
  for (let index = 1; ; index += 1) {
    const candidate = `${prefix}${index}`;
    if (!used.has(candidate)) return candidate;
  }
}
