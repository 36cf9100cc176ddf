// The command-line options of the script interpreters the policy inspects besides node and
// python: perl, ruby, php, lua/luajit, expect, osascript, and the program-text tools awk and
// sed. Same contract as option-grammars.ts: a missing entry only makes the policy stricter.
import { INLINE_CODE, PRELOAD, STDIN_CODE, words } from './option-grammars';
import type { OptionGrammar } from './option-scanner';

const PATH_SCRIPT = 'looks the script up in PATH instead of running the file named';
const STDIN_DEBUGGER = 'starts the debugger, which reads commands from standard input';
const NATIVE_EXTENSION = 'loads a native extension into the interpreter';

/** An attached value that takes the rest of the word (`-i.bak`, `-Fpattern`). */
const REST = /^.*/s;
const OCTAL = /^[0-7]*/;
const DIGITS = /^[0-9]*/;

/** `letters` all take the rest of the word as their value. */
function restOfWord(letters: string): [string, RegExp][] {
  return [...letters].map((letter): [string, RegExp] => [letter, REST]);
}

export const PERL_OPTIONS_GRAMMAR: OptionGrammar = {
  refusedLong: new Map(),
  refusedShort: new Map([
    ['e', INLINE_CODE],
    ['E', INLINE_CODE],
    // `-M'Foo (system q(id))'` becomes `use Foo (system q(id));`: an import list is code.
    ['M', 'imports a module with an import list, which perl runs as code'],
    ['m', 'imports a module with an import list, which perl runs as code'],
    ['d', STDIN_DEBUGGER],
    ['S', PATH_SCRIPT],
  ]),
  valueLong: new Set(),
  switchLong: new Set(),
  valueShort: 'I',
  // `-l` and `-0` take digits only: `-lne` is `-l -n -e`. -C, -D, -F, -i, -x, -V take the rest.
  attachedValueShort: new Map([...restOfWord('CDFixV'), ['l', OCTAL], ['0', /^(x[0-9a-fA-F]*|[0-7]*)/]]),
  switchShort: 'acnpstTuUvwWXh',
};

export const RUBY_OPTIONS_GRAMMAR: OptionGrammar = {
  refusedLong: new Map(),
  refusedShort: new Map([
    ['e', INLINE_CODE],
    ['r', PRELOAD],
    ['S', PATH_SCRIPT],
  ]),
  valueLong: words('encoding external-encoding internal-encoding backtrace-limit enable disable dump'),
  switchLong: words('verbose version help jit yjit rjit'),
  valueShort: 'CEI',
  // `-K` takes one letter (`-Ku`), `-W` a level or `:category`, `-T` and `-0` digits.
  attachedValueShort: new Map([
    ...restOfWord('Fxi'),
    ['K', /^./],
    ['W', /^(:[a-z-]*|[0-9]*)/],
    ['T', DIGITS],
    ['0', /^(x[0-9a-fA-F]*|[0-7]*)/],
  ]),
  switchShort: 'acdlnpsvwyh',
};

const PHP_INI = 'sets an ini directive, which can load code before the script (auto_prepend_file)';

export const PHP_OPTIONS_GRAMMAR: OptionGrammar = {
  refusedLong: new Map([
    ['run', INLINE_CODE],
    ['process-begin', INLINE_CODE],
    ['process-code', INLINE_CODE],
    ['process-end', INLINE_CODE],
    ['interactive', STDIN_CODE],
    ['define', PHP_INI],
    ['zend-extension', NATIVE_EXTENSION],
  ]),
  refusedShort: new Map([
    ['r', INLINE_CODE],
    ['B', INLINE_CODE],
    ['R', INLINE_CODE],
    ['E', INLINE_CODE],
    ['a', STDIN_CODE],
    ['d', PHP_INI],
    ['z', NATIVE_EXTENSION],
  ]),
  valueLong: words('php-ini docroot server'),
  // `-f file` and `--file file` name the program itself, so what follows is the script.
  switchLong: words(
    'file process-file no-php-ini no-header hide-args lint info modules version syntax-highlight strip',
  ),
  valueShort: 'ctS',
  switchShort: 'fFhHilmnqsvwe',
};

/** lua and luajit (whose `-b` and `-j` run tools and modules named in the option). */
export const LUA_OPTIONS_GRAMMAR: OptionGrammar = {
  refusedLong: new Map(),
  refusedShort: new Map([
    ['e', INLINE_CODE],
    ['l', PRELOAD],
    ['i', STDIN_CODE],
    ['b', "runs LuaJIT's bytecode tool on the arguments instead of a script"],
    ['j', 'loads a LuaJIT module named in the option'],
  ]),
  valueLong: new Set(),
  switchLong: new Set(),
  valueShort: '',
  attachedValueShort: new Map(restOfWord('O')),
  switchShort: 'vEW',
};

export const EXPECT_OPTIONS_GRAMMAR: OptionGrammar = {
  refusedLong: new Map(),
  refusedShort: new Map([
    ['c', INLINE_CODE],
    ['i', STDIN_CODE],
    ['D', STDIN_DEBUGGER],
  ]),
  valueLong: new Set(),
  switchLong: new Set(),
  valueShort: '',
  // `-f file` and `-b file` name the program itself.
  switchShort: 'dnNvfb',
};

export const OSASCRIPT_OPTIONS_GRAMMAR: OptionGrammar = {
  refusedLong: new Map(),
  refusedShort: new Map([
    ['e', INLINE_CODE],
    ['i', STDIN_CODE],
  ]),
  valueLong: new Set(),
  switchLong: new Set(),
  valueShort: 'ls',
  switchShort: '',
};

/** A tool whose first operand is its program unless a program file is named in an option. */
export interface ProgramTextGrammar {
  readonly options: OptionGrammar;
  readonly programFileShort: string;
  readonly programFileLong: ReadonlySet<string>;
  /** Why program text on the command line is refused. */
  readonly reason: string;
}

/** awk, gawk, mawk, nawk...: `system()` runs commands; gawk's long names may be abbreviated. */
export const AWK_GRAMMAR: ProgramTextGrammar = {
  options: {
    abbreviations: true,
    refusedLong: new Map([
      ['source', INLINE_CODE],
      ['load', NATIVE_EXTENSION],
      ['debug', STDIN_DEBUGGER],
    ]),
    refusedShort: new Map([
      ['e', INLINE_CODE],
      ['l', NATIVE_EXTENSION],
      ['D', STDIN_DEBUGGER],
    ]),
    valueLong: words('file exec field-separator include assign'),
    switchLong: words(
      'characters-as-bytes traditional copyright gen-pot help lint-old bignum use-lc-numeric ' +
        'no-optimize optimize posix re-interval sandbox version csv',
    ),
    valueShort: 'EfFivW',
    attachedValueShort: new Map(restOfWord('dLop')),
    switchShort: 'bcCghIkMnNOPrsStV',
  },
  programFileShort: 'fE',
  programFileLong: words('file exec'),
  reason: 'the first argument is awk program text, which can run commands with system()',
};

/** GNU and BSD sed: the `e` command and the `s///e` flag run commands. */
export const SED_GRAMMAR: ProgramTextGrammar = {
  options: {
    abbreviations: true,
    refusedLong: new Map([['expression', INLINE_CODE]]),
    refusedShort: new Map([['e', INLINE_CODE]]),
    valueLong: words('file line-length'),
    switchLong: words(
      'quiet silent debug follow-symlinks posix regexp-extended separate sandbox unbuffered null-data',
    ),
    valueShort: 'fl',
    attachedValueShort: new Map(restOfWord('i')),
    switchShort: 'nErsuz',
  },
  programFileShort: 'f',
  programFileLong: words('file'),
  reason: 'the first argument is a sed script, which can run commands (the e command)',
};
