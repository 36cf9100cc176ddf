// Public API of the stdio backend module: the command-line policy and its settings, the child
// environment, log masking, and the managed child process (README.md describes the rules).
export { STDIO_ALLOWED_COMMANDS_ENV } from './allowed-commands';
export type { AllowedCommands } from './allowed-commands';
export {
  buildChildEnvironment,
  DEFAULT_SECRET_VARIABLE,
  isAllowedSecretVariable,
  isInheritedVariable,
  isRemovedVariable,
  SECONDARY_SECRET_VARIABLE,
} from './child-environment';
export { createExecutableResolver } from './executable-resolver';
export type { ExecutableResolver, ResolvedExecutable } from './executable-resolver';
export { checkStdioLaunch } from './stdio-launch.policy';
export type { StdioLaunch } from './stdio-launch.policy';
export {
  DEFAULT_STDIO_POLICY_SETTINGS,
  parseStdioPolicySettings,
  STDIO_INHERITED_VARIABLES_ENV,
  STDIO_POLICY_SETTINGS,
} from './stdio-policy.settings';
export type { StdioPolicySettings, StdioPolicySettingsParse } from './stdio-policy.settings';
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
export type { StdioPolicyOptions } from './stdio-policy';
export type {
  StdioCommand,
  StdioPolicyResult,
  StdioPolicyRule,
  StdioPolicyViolation,
} from './stdio-policy.types';
