// Package runners (npx, pnpx, bunx, npm/pnpm exec, uvx, uv run) start another program: their
// own shell-mode flags are refused, and the program they start is checked with the whole
// policy, so `npx -c '…'`, `npx node -e …` and `uvx --from x python -c …` are all refused.
import { packageCommandName } from './executable-name';
import { checkPythonModule, type NestedProgramCheck } from './interpreter-rules';
import { PACKAGE_RUNNER_GRAMMAR, UV_OPTIONS_GRAMMAR } from './option-grammars';
import { longOptionName, scanOptions, type OptionGrammar } from './option-scanner';
import { policyViolation, type StdioPolicyViolation } from './stdio-policy.types';

/** `npx [options] <package> [args]`: the package's command is the program. */
export function checkNpxArguments(
  args: readonly string[],
  nested: NestedProgramCheck,
): StdioPolicyViolation | undefined {
  return checkRunnerPrograms(args, PACKAGE_RUNNER_GRAMMAR, nested, packageCommandName);
}

const NPM_PROGRAM_SUBCOMMANDS = new Set(['exec', 'x', 'dlx']);

/**
 * `npm`/`pnpm`: npm reads its flags anywhere before `--`, so every word is checked for them;
 * `exec`, `x` and `dlx` start a package like npx; `explore` runs a shell.
 */
export function checkNpmArguments(
  args: readonly string[],
  nested: NestedProgramCheck,
): StdioPolicyViolation | undefined {
  const separator = args.indexOf('--');
  const npmWords = separator < 0 ? args : args.slice(0, separator);
  for (const word of npmWords) {
    if (!word.startsWith('-') || word === '-') continue;
    const refused = scanOptions([word], PACKAGE_RUNNER_GRAMMAR).refused;
    if (refused !== undefined) return policyViolation('interpreter-code', refused.token, refused.reason);
  }
  const scan = scanOptions(args, PACKAGE_RUNNER_GRAMMAR);
  for (const start of scan.programStarts) {
    const subcommand = (args[start] ?? '').toLowerCase();
    if (subcommand === 'explore') {
      return policyViolation('command-runner', args[start] ?? '', 'runs a command through a shell');
    }
    if (NPM_PROGRAM_SUBCOMMANDS.has(subcommand)) {
      const violation = checkNpxArguments(args.slice(start + 1), nested);
      if (violation !== undefined) return violation;
    }
  }
  return undefined;
}

/** `uvx [options] <package> [args]` (also `uv tool run`). */
export function checkUvxArguments(
  args: readonly string[],
  nested: NestedProgramCheck,
): StdioPolicyViolation | undefined {
  return checkRunnerPrograms(args, UV_OPTIONS_GRAMMAR, nested, packageCommandName);
}

/** `uv [options] run …` and `uv [options] tool run …`; other subcommands start no program. */
export function checkUvArguments(
  args: readonly string[],
  nested: NestedProgramCheck,
): StdioPolicyViolation | undefined {
  const scan = scanOptions(args, UV_OPTIONS_GRAMMAR);
  for (const start of scan.programStarts) {
    const subcommand = (args[start] ?? '').toLowerCase();
    const rest = args.slice(start + 1);
    let violation: StdioPolicyViolation | undefined;
    if (subcommand === 'run') violation = checkUvRun(rest, nested);
    if (subcommand === 'tool') {
      for (const toolStart of scanOptions(rest, UV_OPTIONS_GRAMMAR).programStarts) {
        if ((rest[toolStart] ?? '').toLowerCase() === 'run') {
          violation ??= checkUvxArguments(rest.slice(toolStart + 1), nested);
        }
      }
    }
    if (violation !== undefined) return violation;
  }
  return undefined;
}

/** `uv run` runs a command, a script (with Python) or `-m module`. */
function checkUvRun(args: readonly string[], nested: NestedProgramCheck): StdioPolicyViolation | undefined {
  for (let index = 0; index < args.length; index += 1) {
    const word = args[index] ?? '';
    if (word === '--') break;
    const isModuleOption = word === '-m' || (word.startsWith('--') && longOptionName(word) === 'module');
    if (isModuleOption) {
      const inline = word.includes('=') ? word.slice(word.indexOf('=') + 1) : undefined;
      const violation = checkPythonModule(inline ?? args[index + 1], word);
      if (violation !== undefined) return violation;
    } else if (/^-m./.test(word)) {
      const violation = checkPythonModule(word.slice(2), word);
      if (violation !== undefined) return violation;
    }
  }
  return checkRunnerPrograms(args, UV_OPTIONS_GRAMMAR, nested, (word) => word);
}

function checkRunnerPrograms(
  args: readonly string[],
  grammar: OptionGrammar,
  nested: NestedProgramCheck,
  commandOf: (word: string) => string,
): StdioPolicyViolation | undefined {
  const scan = scanOptions(args, grammar);
  if (scan.refused !== undefined)
    return policyViolation('interpreter-code', scan.refused.token, scan.refused.reason);
  for (const start of scan.programStarts) {
    const word = args[start] ?? '';
    if (word === '-') {
      return policyViolation('interpreter-code', word, 'the program would be read from standard input');
    }
    const violation = nested([commandOf(word), ...args.slice(start + 1)]);
    if (violation !== undefined) return violation;
  }
  return undefined;
}
