// Refuses the script interpreters besides node and python when they are told to run code
// written on the command line or read from standard input (`perl -e`, `ruby -e`, `php -r`,
// `lua -e`, `expect -c`, `osascript -e`, a bare `tclsh`), and awk or sed given their
// program as an argument (`awk 'BEGIN{system(…)}'`).
import { checkScriptInterpreter, checkScriptWord, STDIN_PROGRAM } from './interpreter-rules';
import { expectationAfter, longOptionName, refusalOf } from './option-scanner';
import {
  EXPECT_OPTIONS_GRAMMAR,
  LUA_OPTIONS_GRAMMAR,
  OSASCRIPT_OPTIONS_GRAMMAR,
  PERL_OPTIONS_GRAMMAR,
  PHP_OPTIONS_GRAMMAR,
  type ProgramTextGrammar,
  RUBY_OPTIONS_GRAMMAR,
} from './script-interpreter-grammars';
import { policyViolation, type StdioPolicyViolation } from './stdio-policy.types';

type ArgumentCheck = (args: readonly string[]) => StdioPolicyViolation | undefined;

export const checkPerlArguments: ArgumentCheck = (args) => checkScriptInterpreter(args, PERL_OPTIONS_GRAMMAR);
export const checkRubyArguments: ArgumentCheck = (args) => checkScriptInterpreter(args, RUBY_OPTIONS_GRAMMAR);
export const checkPhpArguments: ArgumentCheck = (args) => checkScriptInterpreter(args, PHP_OPTIONS_GRAMMAR);
export const checkLuaArguments: ArgumentCheck = (args) => checkScriptInterpreter(args, LUA_OPTIONS_GRAMMAR);
export const checkExpectArguments: ArgumentCheck = (args) =>
  checkScriptInterpreter(args, EXPECT_OPTIONS_GRAMMAR);
export const checkOsascriptArguments: ArgumentCheck = (args) =>
  checkScriptInterpreter(args, OSASCRIPT_OPTIONS_GRAMMAR);

/**
 * tclsh, wish, jimsh: `?-encoding name? fileName ?arg …?`. Without a file name first, or with
 * any other option first, tclsh reads commands from standard input; jimsh's `-e` is inline code.
 */
export const checkTclArguments: ArgumentCheck = (args) => {
  const script = args[0] === '-encoding' ? 2 : 0;
  const word = args[script];
  if (word === '-e' || word === '--eval') {
    return policyViolation('interpreter-code', word, 'runs code given on the command line');
  }
  if (word !== undefined && word.startsWith('-') && word !== '-') {
    return policyViolation('interpreter-code', word, STDIN_PROGRAM);
  }
  return checkScriptWord(word);
};

/**
 * awk and sed take their program as the first operand unless an option names a program file;
 * program text on the command line is refused, a program file is judged like a script.
 */
export function checkProgramTextArguments(
  args: readonly string[],
  grammar: ProgramTextGrammar,
): StdioPolicyViolation | undefined {
  let programFile = false;
  let operand: number | undefined;
  for (let index = 0; index < args.length; index += 1) {
    const word = args[index] ?? '';
    if (word === '--') {
      operand = index + 1;
      break;
    }
    if (!word.startsWith('-') || word === '-') {
      operand = index;
      break;
    }
    // gawk's `-W name` is its long option `--name`.
    const optionWord = /^-W./.test(word)
      ? `--${word.slice(2)}`
      : word === '-W'
        ? `--${args[index + 1] ?? ''}`
        : word;
    const refused = refusalOf(optionWord, grammar.options);
    if (refused !== undefined) return policyViolation('interpreter-code', word, refused);
    programFile ||= namesProgramFile(optionWord, grammar);
    if (expectationAfter(word, grammar.options) === 'value') index += 1;
  }
  if (programFile) return undefined;
  const program = operand === undefined ? undefined : args[operand];
  return policyViolation('interpreter-code', program ?? '', grammar.reason);
}

function namesProgramFile(word: string, grammar: ProgramTextGrammar): boolean {
  if (word.startsWith('--')) {
    const name = longOptionName(word);
    return name.length > 0 && [...grammar.programFileLong].some((long) => long.startsWith(name));
  }
  // The letters of a cluster up to the first that takes a value: `-nf prog.awk`.
  for (const letter of word.slice(1)) {
    if (grammar.programFileShort.includes(letter)) return true;
    if (grammar.options.valueShort.includes(letter)) return false;
    if (grammar.options.attachedValueShort?.has(letter) === true) return false;
  }
  return false;
}
