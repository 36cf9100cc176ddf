// The operator's stdio settings, read and checked once at start-up: the optional allow-list of
// executables (GATEWAY_STDIO_ALLOWED_COMMANDS) and the extra variables children inherit
// (GATEWAY_STDIO_INHERITED_VARIABLES). A mistake stops the gateway instead of weakening the policy.
import { type AllowedCommands, parseAllowedCommands, STDIO_ALLOWED_COMMANDS_ENV } from './allowed-commands';
import { inheritedVariableProblem } from './child-environment';

export const STDIO_INHERITED_VARIABLES_ENV = 'GATEWAY_STDIO_INHERITED_VARIABLES';

export interface StdioPolicySettings {
  /** When set, only these executables may run (the deny rules still apply to them). */
  readonly allowedCommands?: AllowedCommands;
  /** Variables of the gateway's environment every stdio child gets besides the built-in list. */
  readonly inheritedVariables: readonly string[];
}

export const DEFAULT_STDIO_POLICY_SETTINGS: StdioPolicySettings = { inheritedVariables: [] };

/** Nest injection token for the settings. */
export const STDIO_POLICY_SETTINGS = Symbol('STDIO_POLICY_SETTINGS');

export type StdioPolicySettingsParse =
  | { readonly ok: true; readonly settings: StdioPolicySettings }
  | { readonly ok: false; readonly problems: readonly string[] };

export function parseStdioPolicySettings(
  environment: Readonly<Record<string, string | undefined>>,
): StdioPolicySettingsParse {
  const allowed = parseAllowedCommands(environment[STDIO_ALLOWED_COMMANDS_ENV]);
  const problems = allowed.ok ? [] : [...allowed.problems];
  const inheritedVariables = (environment[STDIO_INHERITED_VARIABLES_ENV] ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  for (const name of inheritedVariables) {
    const problem = inheritedVariableProblem(name);
    if (problem !== undefined) {
      problems.push(`${STDIO_INHERITED_VARIABLES_ENV}: ${JSON.stringify(name.slice(0, 80))} ${problem}`);
    }
  }
  if (problems.length > 0 || !allowed.ok) return { ok: false, problems };
  return {
    ok: true,
    settings: {
      ...(allowed.allowed === undefined ? {} : { allowedCommands: allowed.allowed }),
      inheritedVariables: [...new Set(inheritedVariables)],
    },
  };
}
