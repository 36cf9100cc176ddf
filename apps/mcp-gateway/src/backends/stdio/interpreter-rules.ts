// Refuses interpreter invocations that run code written on the command line (or read from
// standard input, where the gateway writes client messages) instead of a script file or
// module: `node -e`, `python -c`, `deno eval`, `bun -e` and their relatives.
import { BUN_OPTIONS_GRAMMAR, DENO_OPTIONS_GRAMMAR, NODE_OPTIONS_GRAMMAR } from './option-grammars';
import { scanOptions, type OptionGrammar } from './option-scanner';
import { policyViolation, type StdioPolicyViolation } from './stdio-policy.types';

/** Checks a nested program (`deno x pkg …`, `bun x pkg …`) with the whole policy. */
export type NestedProgramCheck = (words: readonly string[]) => StdioPolicyViolation | undefined;

export const STDIN_PROGRAM =
  'the interpreter would read its program from standard input, where client messages arrive';

/**
 * Python modules that turn their arguments or standard input into code, or start other
 * programs: `python -m module` is otherwise the normal way to start a server.
 */
const REFUSED_PYTHON_MODULES = new Set([
  'asyncio',
  'code',
  'pdb',
  'timeit',
  'cprofile',
  'profile',
  'trace',
  'idlelib',
  'pip',
  'pipx',
  'uv',
  'runpy',
]);

export function checkNodeArguments(args: readonly string[]): StdioPolicyViolation | undefined {
  return checkScriptInterpreter(args, NODE_OPTIONS_GRAMMAR);
}

export function checkPythonArguments(args: readonly string[]): StdioPolicyViolation | undefined {
  for (let index = 0; index < args.length; index += 1) {
    const word = args[index] ?? '';
    if (word === '-') return policyViolation('interpreter-code', word, STDIN_PROGRAM);
    if (word === '--') return checkScriptWord(args[index + 1]);
    if (word.startsWith('--')) {
      if (word === '--check-hash-based-pycs') index += 1;
      continue;
    }
    if (!word.startsWith('-')) return checkScriptWord(word);
    // A cluster such as -Bc or -uWdefault: letters until one takes a value.
    for (let letter = 1; letter < word.length; letter += 1) {
      const option = word.charAt(letter);
      const rest = word.slice(letter + 1);
      if (option === 'c')
        return policyViolation('interpreter-code', word, 'runs code given on the command line');
      if (option === 'i')
        return policyViolation('interpreter-code', word, 'evaluates standard input after the script');
      if (option === 'm') return checkPythonModule(rest || args[index + 1], word);
      if (option === 'W' || option === 'X') {
        if (rest === '') index += 1;
        break;
      }
    }
  }
  return policyViolation('interpreter-code', '', STDIN_PROGRAM);
}

export function checkPythonModule(
  module: string | undefined,
  option: string,
): StdioPolicyViolation | undefined {
  if (module === undefined) return policyViolation('interpreter-code', option, STDIN_PROGRAM);
  const root = (module.split('.')[0] ?? '').toLowerCase();
  return REFUSED_PYTHON_MODULES.has(root)
    ? policyViolation(
        'interpreter-code',
        module,
        'this module runs code from its arguments or standard input',
      )
    : undefined;
}

const DENO_REFUSED_SUBCOMMANDS: ReadonlyMap<string, string> = new Map([
  ['eval', 'runs code given on the command line'],
  ['repl', 'evaluates standard input, where client messages arrive'],
  ['jupyter', 'starts a kernel that executes code it is sent'],
  ['task', "runs a task string through Deno's shell"],
]);
const DENO_SCRIPT_SUBCOMMANDS = new Set(['run', 'serve', 'test', 'bench']);

export function checkDenoArguments(
  args: readonly string[],
  nested: NestedProgramCheck,
): StdioPolicyViolation | undefined {
  return checkSubcommandRuntime(
    args,
    DENO_OPTIONS_GRAMMAR,
    DENO_REFUSED_SUBCOMMANDS,
    DENO_SCRIPT_SUBCOMMANDS,
    nested,
  );
}

const BUN_REFUSED_SUBCOMMANDS: ReadonlyMap<string, string> = new Map([
  ['exec', "runs a command string through Bun's shell"],
  ['repl', 'evaluates standard input, where client messages arrive'],
]);

export function checkBunArguments(
  args: readonly string[],
  nested: NestedProgramCheck,
): StdioPolicyViolation | undefined {
  return checkSubcommandRuntime(args, BUN_OPTIONS_GRAMMAR, BUN_REFUSED_SUBCOMMANDS, new Set(['run']), nested);
}

/** node-style: options, then a script; every reading of ambiguous options is checked. */
export function checkScriptInterpreter(
  args: readonly string[],
  grammar: OptionGrammar,
): StdioPolicyViolation | undefined {
  const scan = scanOptions(args, grammar);
  if (scan.refused !== undefined)
    return policyViolation('interpreter-code', scan.refused.token, scan.refused.reason);
  if (scan.programStarts.length === 0) return policyViolation('interpreter-code', '', STDIN_PROGRAM);
  for (const start of scan.programStarts) {
    const violation = checkScriptWord(args[start]);
    if (violation !== undefined) return violation;
  }
  return undefined;
}

/** The program word of an interpreter: a file, not standard input, inline data or a URL. */
export function checkScriptWord(word: string | undefined): StdioPolicyViolation | undefined {
  if (word === undefined || word === '-')
    return policyViolation('interpreter-code', word ?? '', STDIN_PROGRAM);
  const folded = word.normalize('NFKC').trimStart();
  if (/^data:/i.test(folded)) {
    return policyViolation('interpreter-code', word, 'the program is inline code (a data: URL)');
  }
  if (/^https?:\/\//i.test(folded)) {
    return policyViolation('remote-executable', word, 'the program is fetched from a URL');
  }
  return undefined;
}

/** deno/bun: options, then a subcommand or a script (`deno server.ts`, `bun x pkg`). */
function checkSubcommandRuntime(
  args: readonly string[],
  grammar: OptionGrammar,
  refusedSubcommands: ReadonlyMap<string, string>,
  scriptSubcommands: ReadonlySet<string>,
  nested: NestedProgramCheck,
): StdioPolicyViolation | undefined {
  const scan = scanOptions(args, grammar);
  if (scan.refused !== undefined)
    return policyViolation('interpreter-code', scan.refused.token, scan.refused.reason);
  if (scan.programStarts.length === 0) return policyViolation('interpreter-code', '', STDIN_PROGRAM);
  for (const start of scan.programStarts) {
    const word = (args[start] ?? '').toLowerCase();
    const rest = args.slice(start + 1);
    const refusal = refusedSubcommands.get(word);
    const violation =
      refusal !== undefined
        ? policyViolation('interpreter-code', args[start] ?? '', refusal)
        : word === 'x'
          ? nested(['npx', ...rest])
          : scriptSubcommands.has(word)
            ? checkScriptInterpreter(rest, grammar)
            : checkScriptWord(args[start]);
    if (violation !== undefined) return violation;
  }
  return undefined;
}
