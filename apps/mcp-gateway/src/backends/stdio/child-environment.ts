// The environment a stdio backend starts with: the gateway's own, minus variables that
// inject code into runtimes or belong to the gateway, plus the backend's secret (spec 5.1:
// only ever in the environment, under `secretItemKey` and MCP_API_KEY, never on the command line).

export const DEFAULT_SECRET_VARIABLE = 'API_KEY';
export const SECONDARY_SECRET_VARIABLE = 'MCP_API_KEY';

/** Removed whatever their case. Each either loads code into a runtime or is the gateway's secret. */
const REMOVED_VARIABLES = new Set([
  'node_options',
  'node_path',
  'ld_preload',
  'ld_library_path',
  'ld_audit',
  'pythonpath',
  'pythonstartup',
  'pythonhome',
  'pythoninspect',
  'bash_env',
  'perl5opt',
  'perl5lib',
  'rubyopt',
  'rubylib',
  'java_tool_options',
  '_java_options',
  'jdk_java_options',
  'database_url',
]);
const REMOVED_PREFIXES = ['dyld_', 'npm_config_', 'gateway_'];

/** True for variables the child never inherits from the gateway. */
export function isRemovedVariable(name: string): boolean {
  const lower = name.toLowerCase();
  return REMOVED_VARIABLES.has(lower) || REMOVED_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

/**
 * Whether `name` may carry the secret: a portable variable name that none of the removed
 * variables (or PATH) could be, so a secret value can never become NODE_OPTIONS or LD_PRELOAD.
 */
export function isAllowedSecretVariable(name: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !isRemovedVariable(name) && name.toLowerCase() !== 'path';
}

export function buildChildEnvironment(
  parentEnvironment: Readonly<Record<string, string | undefined>>,
  secret: string | undefined,
  secretVariable: string = DEFAULT_SECRET_VARIABLE,
): Record<string, string> {
  const secretNames = new Set([secretVariable.toLowerCase(), SECONDARY_SECRET_VARIABLE.toLowerCase()]);
  const environment: Record<string, string> = {};
  for (const [name, value] of Object.entries(parentEnvironment)) {
    if (value === undefined || isRemovedVariable(name)) continue;
    // An inherited API_KEY is some other program's credential: the child gets its own or none.
    if (secretNames.has(name.toLowerCase())) continue;
    environment[name] = value;
  }
  if (secret !== undefined) {
    environment[secretVariable] = secret;
    environment[SECONDARY_SECRET_VARIABLE] = secret;
  }
  return environment;
}
