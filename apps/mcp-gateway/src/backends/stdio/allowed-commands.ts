// The optional allow-list of stdio executables (GATEWAY_STDIO_ALLOWED_COMMANDS). Entries are
// bare names (looked up in PATH, as spawn() does) or absolute paths; a command is allowed when
// its executable is written as an entry, or resolves to the same real file as an entry. The
// allow-list only narrows: every other rule of the policy still applies to allowed programs.
import { classifyExecutable, REFUSED_FAMILIES } from './executable-name';
import { type ExecutableResolver, isPseudoFilePath } from './executable-resolver';
import { policyViolation, type StdioPolicyViolation } from './stdio-policy.types';

export const STDIO_ALLOWED_COMMANDS_ENV = 'GATEWAY_STDIO_ALLOWED_COMMANDS';

export interface AllowedCommands {
  /** Bare names and absolute paths, as configured. */
  readonly entries: readonly string[];
}

export type AllowedCommandsParse =
  | { readonly ok: true; readonly allowed?: AllowedCommands }
  | { readonly ok: false; readonly problems: readonly string[] };

const MAX_ENTRIES = 256;
const MAX_ENTRY_LENGTH = 1024;
/** What no executable name or path in the list may hold: separators, globs, quotes, control characters. */
const UNSAFE_CHARACTER = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp};&|<>`$*?"'\\]/u;

/** Comma-separated entries; unset or blank means no allow-list (the deny rules alone decide). */
export function parseAllowedCommands(text: string | undefined): AllowedCommandsParse {
  if (text === undefined || text.trim() === '') return { ok: true };
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const problems = entries.flatMap((entry) => entryProblems(entry));
  if (entries.length > MAX_ENTRIES)
    problems.push(`${STDIO_ALLOWED_COMMANDS_ENV}: more than ${MAX_ENTRIES} entries`);
  return problems.length > 0
    ? { ok: false, problems }
    : { ok: true, allowed: { entries: [...new Set(entries)] } };
}

function entryProblems(entry: string): string[] {
  const shown = JSON.stringify(entry.slice(0, 80));
  const problem = (reason: string): string[] => [`${STDIO_ALLOWED_COMMANDS_ENV}: ${shown} ${reason}`];
  if (entry.length > MAX_ENTRY_LENGTH) return problem(`is longer than ${MAX_ENTRY_LENGTH} characters`);
  if (UNSAFE_CHARACTER.test(entry)) {
    return problem(
      'holds a character no entry may hold (patterns, quotes and shell characters are not supported)',
    );
  }
  if (entry.startsWith('-')) return problem('is not a program name');
  if (entry.includes('/') && !entry.startsWith('/')) {
    return problem('must be a bare name (found in PATH) or an absolute path');
  }
  if (isPseudoFilePath(entry))
    return problem('is under /proc or /dev, which the stdio policy always refuses');
  const { family } = classifyExecutable(entry);
  const refusal = REFUSED_FAMILIES.get(family);
  if (refusal !== undefined) {
    return problem(`is refused by the stdio policy whatever the allow-list says: ${refusal}`);
  }
  return [];
}

/** The refusal when `executable` is not an allowed command; `resolve` makes real paths comparable. */
export function checkAllowedCommand(
  executable: string,
  allowed: AllowedCommands,
  resolve: ExecutableResolver | undefined,
): StdioPolicyViolation | undefined {
  if (allowed.entries.includes(executable)) return undefined;
  const realPath = resolve?.(executable)?.realPath;
  if (realPath !== undefined && allowed.entries.some((entry) => resolve?.(entry)?.realPath === realPath)) {
    return undefined;
  }
  const where = realPath === undefined || realPath === executable ? '' : ` (it resolves to ${realPath})`;
  return policyViolation(
    'command-not-allowed',
    executable,
    `the executable is not in ${STDIO_ALLOWED_COMMANDS_ENV}${where}`,
  );
}
