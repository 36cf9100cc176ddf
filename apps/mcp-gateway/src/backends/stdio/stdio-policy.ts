// The stdio security policy (spec 7, extended): decides whether a server record's command
// line may be spawned. Policy refusals are returned, never thrown, and name the rule and word.
// Each program is judged by the word written and, given a resolver, by every file it resolves
// to (PATH lookup, symbolic links), so a link to a shell or a loader is judged as one.
import { checkAllowedCommand, type AllowedCommands } from './allowed-commands';
import { parseCommandLine } from './command-line.parser';
import type { ExecutableResolver, ResolvedExecutable } from './executable-resolver';
import { checkProgramWords } from './program-rules';
import { policyViolation, type StdioPolicyResult, type StdioPolicyViolation } from './stdio-policy.types';

export interface StdioPolicyOptions {
  /** Finds the files program words name; without it, only the words as written are judged. */
  readonly resolve?: ExecutableResolver;
  /** GATEWAY_STDIO_ALLOWED_COMMANDS: when given, the executable must be one of these as well. */
  readonly allowedCommands?: AllowedCommands;
}

/** Semicolon, ampersand, pipe, less-than, greater-than, line feed, carriage return, backtick, dollar, asterisk. */
export const FORBIDDEN_CHARACTERS: readonly string[] = [';', '&', '|', '<', '>', '\n', '\r', '`', '$', '*'];

/** Control and invisible formatting characters (NUL, bidi overrides, line separators): never meaningful here. */
const CONTROL_CHARACTER = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

export const MAX_COMMAND_LINE_LENGTH = 16_384;
export const MAX_COMMAND_WORDS = 256;
/** How many package runners may wrap each other (`npx uvx …`). */
const MAX_NESTING = 3;
/** Bounds the work spent on ambiguous option readings, so hostile input cannot stall the gateway. */
const CHECK_BUDGET = 2_000;

export function checkStdioCommandLine(
  commandLine: string,
  options: StdioPolicyOptions = {},
): StdioPolicyResult {
  const refuse = (violation: StdioPolicyViolation): StdioPolicyResult => ({ ok: false, violation });
  if (commandLine.length > MAX_COMMAND_LINE_LENGTH) {
    return refuse(
      policyViolation(
        'command-too-long',
        commandLine.slice(0, 64),
        `longer than ${MAX_COMMAND_LINE_LENGTH} characters`,
      ),
    );
  }
  const parsed = parseCommandLine(commandLine);
  if (!parsed.ok)
    return refuse(policyViolation('unbalanced-quote', parsed.fragment, 'a quote is never closed'));
  const [executable, ...args] = parsed.tokens;
  if (executable === undefined || executable === '') {
    return refuse(policyViolation('empty-command', executable ?? '', 'no executable is given'));
  }
  if (parsed.tokens.length > MAX_COMMAND_WORDS) {
    return refuse(policyViolation('command-too-long', executable, `more than ${MAX_COMMAND_WORDS} words`));
  }
  for (const word of parsed.tokens) {
    const violation = checkCharacters(word);
    if (violation !== undefined) return refuse(violation);
  }
  let budget = CHECK_BUDGET;
  const resolve = options.resolve === undefined ? undefined : remembered(options.resolve);
  const checkProgram = (words: readonly string[], depth: number): StdioPolicyViolation | undefined => {
    budget -= 1;
    if (budget < 0 || depth > MAX_NESTING) {
      return policyViolation(
        'command-runner',
        words[0] ?? '',
        'programs are wrapped too deeply to be checked',
      );
    }
    return checkProgramWords(words, (nested) => checkProgram(nested, depth + 1), resolve);
  };
  const violation =
    checkProgram(parsed.tokens, 0) ??
    (options.allowedCommands === undefined
      ? undefined
      : checkAllowedCommand(executable, options.allowedCommands, resolve));
  return violation === undefined ? { ok: true, command: { executable, args } } : refuse(violation);
}

function checkCharacters(word: string): StdioPolicyViolation | undefined {
  // Full-width and small-form look-alikes (U+FF1B, U+FE54...) fold to the ASCII character under NFKC.
  const folded = word.normalize('NFKC');
  const forbidden = FORBIDDEN_CHARACTERS.find((char) => word.includes(char) || folded.includes(char));
  if (forbidden !== undefined) {
    return policyViolation(
      'forbidden-character',
      word,
      `contains the character ${JSON.stringify(forbidden)}`,
    );
  }
  if (CONTROL_CHARACTER.test(word) || CONTROL_CHARACTER.test(folded)) {
    return policyViolation('control-character', word, 'contains a control or invisible formatting character');
  }
  return undefined;
}

/** Each word is resolved once per check, however many readings of the options name it. */
function remembered(resolve: ExecutableResolver): ExecutableResolver {
  const known = new Map<string, ResolvedExecutable | undefined>();
  return (word) => {
    if (!known.has(word)) known.set(word, resolve(word));
    return known.get(word);
  };
}
