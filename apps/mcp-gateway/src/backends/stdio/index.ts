// Public API of the stdio backend module: the command-line policy, the child environment,
// log masking, and the managed child process (README.md describes the rules and lifecycle).
export {
  buildChildEnvironment,
  DEFAULT_SECRET_VARIABLE,
  isAllowedSecretVariable,
  isRemovedVariable,
  SECONDARY_SECRET_VARIABLE,
} from './child-environment';
export { parseCommandLine } from './command-line.parser';
export type { CommandLineParse } from './command-line.parser';
export { describeCommandLine, maskSecret, SECRET_MASK } from './secret-masking';
export { StdioChild } from './stdio-child';
export { StdioErrorCodes, stdioStartError } from './stdio-child.errors';
export { STDIO_CHILD_DEFAULTS } from './stdio-child.types';
export type {
  StdioChildEvents,
  StdioChildOptions,
  StdioChildState,
  StdioExit,
  StdioExitReason,
  StdioSecret,
  StdioStartFailure,
  StdioStartResult,
} from './stdio-child.types';
export {
  checkStdioCommandLine,
  FORBIDDEN_CHARACTERS,
  MAX_COMMAND_LINE_LENGTH,
  MAX_COMMAND_WORDS,
} from './stdio-policy';
export { STDIO_POLICY_RULES } from './stdio-policy.types';
export type {
  StdioCommand,
  StdioPolicyResult,
  StdioPolicyRule,
  StdioPolicyViolation,
} from './stdio-policy.types';
