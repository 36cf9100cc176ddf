// The whole decision on whether a stdio server may start, shared by registration (refused
// before anything is stored), the registry (a refused server is shown as Failed once loaded)
// and the start itself: the secret's variable, then the command line, judged together with
// the files it names in the child's PATH and working directory.
import { buildChildEnvironment, DEFAULT_SECRET_VARIABLE, isAllowedSecretVariable } from './child-environment';
import { createExecutableResolver } from './executable-resolver';
import { checkStdioCommandLine } from './stdio-policy';
import { DEFAULT_STDIO_POLICY_SETTINGS, type StdioPolicySettings } from './stdio-policy.settings';
import { policyViolation, type StdioPolicyResult } from './stdio-policy.types';

export interface StdioLaunch {
  /** The server record's `url`. */
  readonly commandLine: string;
  /** The record's `secretItemKey` (default API_KEY). */
  readonly secretVariable?: string;
  readonly settings?: StdioPolicySettings;
  /** What the child's environment is built from (default process.env); its PATH finds the program. */
  readonly parentEnvironment?: Readonly<Record<string, string | undefined>>;
  /** The child's working directory (default the gateway's). */
  readonly cwd?: string;
}

/** Never throws; reads the file system (see executable-resolver.ts). */
export function checkStdioLaunch(launch: StdioLaunch): StdioPolicyResult {
  const secretVariable = launch.secretVariable ?? DEFAULT_SECRET_VARIABLE;
  if (!isAllowedSecretVariable(secretVariable)) {
    const reason = 'the secret may not be stored in this variable';
    return { ok: false, violation: policyViolation('invalid-secret-variable', secretVariable, reason) };
  }
  const settings = launch.settings ?? DEFAULT_STDIO_POLICY_SETTINGS;
  const environment = buildChildEnvironment(
    launch.parentEnvironment ?? process.env,
    undefined,
    secretVariable,
    settings.inheritedVariables,
  );
  const resolve = createExecutableResolver({
    searchPath: environment['PATH'],
    cwd: launch.cwd ?? process.cwd(),
  });
  return checkStdioCommandLine(launch.commandLine, { resolve, allowedCommands: settings.allowedCommands });
}
