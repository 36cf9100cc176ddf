// Project and environment managers whose subcommands start another program (`poetry run`,
// `conda run`, `bundle exec`, `pipx run`, `yarn dlx`, `corepack pnpm …`): the program they
// start is checked with the whole policy, like a package runner's.
import { packageCommandName } from './executable-name';
import type { NestedProgramCheck } from './interpreter-rules';
import { type OptionGrammar, scanOptions } from './option-scanner';
import type { StdioPolicyViolation } from './stdio-policy.types';

/** How a subcommand's operands become the program it starts. */
type Started =
  /** The first operand is a command: `poetry run python …`. */
  | { readonly kind: 'command' }
  /** The first operand is a package whose command runs: `pipx run pkg==1.0 …`. */
  | { readonly kind: 'package' }
  /** The operands are given to another program: `yarn dlx …` is `npx …`, `yarn node …` is `node …`. */
  | { readonly kind: 'as'; readonly program: string };

const COMMAND: Started = { kind: 'command' };

/** Runner → subcommand → what it starts; `*` is any first operand (`corepack pnpm …`). */
const RUNNERS: ReadonlyMap<string, ReadonlyMap<string, Started>> = new Map([
  [
    'yarn',
    new Map<string, Started>([
      ['exec', COMMAND],
      ['run', COMMAND],
      ['dlx', { kind: 'as', program: 'npx' }],
      ['node', { kind: 'as', program: 'node' }],
    ]),
  ],
  ['corepack', new Map([['*', COMMAND]])],
  ['pipx', new Map<string, Started>([['run', { kind: 'package' }]])],
  ['poetry', new Map([['run', COMMAND]])],
  ['pdm', new Map([['run', COMMAND]])],
  ['hatch', new Map([['run', COMMAND]])],
  ['rye', new Map([['run', COMMAND]])],
  ['conda', new Map([['run', COMMAND]])],
  ['mamba', new Map([['run', COMMAND]])],
  ['micromamba', new Map([['run', COMMAND]])],
  ['pixi', new Map([['run', COMMAND]])],
  ['bundle', new Map([['exec', COMMAND]])],
  ['bundler', new Map([['exec', COMMAND]])],
]);

/**
 * No option is known, so every option may take the next word as its value: each word that may
 * be the subcommand or the program is checked (option-scanner.ts), which can only be stricter.
 */
const UNKNOWN_OPTIONS: OptionGrammar = {
  refusedLong: new Map(),
  refusedShort: new Map(),
  valueLong: new Set(),
  switchLong: new Set(),
  valueShort: '',
  switchShort: '',
};

export function checkSubcommandRunnerArguments(
  runner: string,
  args: readonly string[],
  nested: NestedProgramCheck,
): StdioPolicyViolation | undefined {
  const subcommands = RUNNERS.get(runner);
  if (subcommands === undefined) return undefined;
  for (const start of scanOptions(args, UNKNOWN_OPTIONS).programStarts) {
    const word = args[start] ?? '';
    const wildcard = subcommands.get('*');
    const started = wildcard ?? subcommands.get(word.toLowerCase());
    if (started === undefined) continue;
    const rest = wildcard === undefined ? args.slice(start + 1) : args.slice(start);
    const violation = checkStarted(started, rest, nested);
    if (violation !== undefined) return violation;
  }
  return undefined;
}

function checkStarted(
  started: Started,
  operands: readonly string[],
  nested: NestedProgramCheck,
): StdioPolicyViolation | undefined {
  if (started.kind === 'as') return nested([started.program, ...operands]);
  for (const start of scanOptions(operands, UNKNOWN_OPTIONS).programStarts) {
    const word = operands[start] ?? '';
    const command = started.kind === 'package' ? packageCommandName(word) : word;
    const violation = nested([command, ...operands.slice(start + 1)]);
    if (violation !== undefined) return violation;
  }
  return undefined;
}
