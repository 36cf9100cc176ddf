// Judges one program of a stdio command line (the executable, or a program a runner starts):
// by the word written and every file it resolves to (a link to a shell is a shell), then by
// the argument rules of each family those names belong to.
import { classifyExecutable, type ExecutableFamily, REFUSED_FAMILIES } from './executable-name';
import { type ExecutableResolver, isPseudoFilePath } from './executable-resolver';
import {
  checkBunArguments,
  checkDenoArguments,
  checkNodeArguments,
  checkPythonArguments,
  type NestedProgramCheck,
} from './interpreter-rules';
import {
  checkNpmArguments,
  checkNpxArguments,
  checkUvArguments,
  checkUvxArguments,
} from './package-runner-rules';
import { AWK_GRAMMAR, SED_GRAMMAR } from './script-interpreter-grammars';
import {
  checkExpectArguments,
  checkLuaArguments,
  checkOsascriptArguments,
  checkPerlArguments,
  checkPhpArguments,
  checkProgramTextArguments,
  checkRubyArguments,
  checkTclArguments,
} from './script-interpreter-rules';
import { checkSubcommandRunnerArguments } from './subcommand-runner-rules';
import { policyViolation, type StdioPolicyRule, type StdioPolicyViolation } from './stdio-policy.types';

const RULE_OF_REFUSED_FAMILY: ReadonlyMap<ExecutableFamily, StdioPolicyRule> = new Map<
  ExecutableFamily,
  StdioPolicyRule
>([
  ['loader', 'loader-executable'],
  ['shell', 'shell-executable'],
  ['command-runner', 'command-runner'],
  ['repl', 'interpreter-code'],
]);

export function checkProgramWords(
  words: readonly string[],
  nested: NestedProgramCheck,
  resolve: ExecutableResolver | undefined,
): StdioPolicyViolation | undefined {
  const [executable = '', ...args] = words;
  if (/^https?:\/\//i.test(executable.normalize('NFKC').trimStart())) {
    return policyViolation('remote-executable', executable, 'the command is a URL');
  }
  const resolved = resolve?.(executable);
  const names = [...new Set([executable, ...(resolved?.paths ?? [])])];
  const pseudo = names.find(isPseudoFilePath);
  if (pseudo !== undefined) {
    const reason = 'the executable is under /proc or /dev, where paths name other programs or open files';
    return policyViolation('pseudo-file-executable', executable, withTarget(reason, executable, pseudo));
  }
  if (resolved?.sharedObject === true) {
    const reason =
      'the executable is a shared object such as the dynamic loader, which runs any program named in its arguments';
    return policyViolation(
      'loader-executable',
      executable,
      withTarget(reason, executable, resolved.realPath),
    );
  }
  const classified = names.map((name) => ({ path: name, ...classifyExecutable(name) }));
  for (const { path, family } of classified) {
    const rule = RULE_OF_REFUSED_FAMILY.get(family);
    const reason = REFUSED_FAMILIES.get(family);
    if (rule !== undefined && reason !== undefined) {
      return policyViolation(rule, executable, withTarget(reason, executable, path));
    }
  }
  // A link may lead to another family (`/usr/local/bin/server` → `perl5.36.0`): each one's rules apply.
  const checked = new Set<ExecutableFamily>();
  for (const { family, name } of classified) {
    if (checked.has(family)) continue;
    checked.add(family);
    const violation = checkFamilyArguments(family, name, args, nested);
    if (violation !== undefined) return violation;
  }
  return undefined;
}

/** `reason`, naming the file the executable resolves to when that is not the word itself. */
function withTarget(reason: string, executable: string, target: string | undefined): string {
  return target === undefined || target === executable ? reason : `${reason} (it resolves to ${target})`;
}

function checkFamilyArguments(
  family: ExecutableFamily,
  name: string,
  args: readonly string[],
  nested: NestedProgramCheck,
): StdioPolicyViolation | undefined {
  switch (family) {
    case 'loader':
    case 'shell':
    case 'command-runner':
    case 'repl':
    case 'other':
      return undefined;
    case 'node':
      return checkNodeArguments(args);
    case 'python':
      return checkPythonArguments(args);
    case 'deno':
      return checkDenoArguments(args, nested);
    case 'bun':
      return checkBunArguments(args, nested);
    case 'npx':
      return checkNpxArguments(args, nested);
    case 'npm':
      return checkNpmArguments(args, nested);
    case 'uv':
      return checkUvArguments(args, nested);
    case 'uvx':
      return checkUvxArguments(args, nested);
    case 'subcommand-runner':
      return checkSubcommandRunnerArguments(name, args, nested);
    case 'perl':
      return checkPerlArguments(args);
    case 'ruby':
      return checkRubyArguments(args);
    case 'php':
      return checkPhpArguments(args);
    case 'awk':
      return checkProgramTextArguments(args, AWK_GRAMMAR);
    case 'sed':
      return checkProgramTextArguments(args, SED_GRAMMAR);
    case 'lua':
      return checkLuaArguments(args);
    case 'tcl':
      return checkTclArguments(args);
    case 'expect':
      return checkExpectArguments(args);
    case 'osascript':
      return checkOsascriptArguments(args);
  }
}
