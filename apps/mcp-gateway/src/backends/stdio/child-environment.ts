// The environment a stdio backend starts with, built from an allow-list: the few variables
// programs need to run (PATH, HOME, locale, time zone, temporary directory, CA certificates,
// proxies without credentials), the variables the operator names in
// GATEWAY_STDIO_INHERITED_VARIABLES, and the backend's secret (spec 5.1: under secretItemKey and
// MCP_API_KEY, never on the command line). Nothing else of the gateway's environment, so other
// services' secrets (TERM_BRIDGE_API_KEY, DATABASE_URL, …) never reach a child.

export const DEFAULT_SECRET_VARIABLE = 'API_KEY';
export const SECONDARY_SECRET_VARIABLE = 'MCP_API_KEY';

/**
 * Inherited whatever their case (Windows spells `Path`). npx, uvx and the runtimes they start
 * need PATH and HOME (npm's cache); the rest sets locale, time zone, temporary and cache
 * directories, trusted certificates, and the Windows basics without which Node cannot start.
 */
const INHERITED_VARIABLES = new Set(
  (
    'path home user logname lang language tz tmpdir temp tmp ' +
    'xdg_config_home xdg_cache_home xdg_data_home xdg_state_home xdg_runtime_dir ' +
    'node_extra_ca_certs ssl_cert_file ssl_cert_dir requests_ca_bundle curl_ca_bundle ' +
    'systemroot windir pathext userprofile appdata localappdata'
  ).split(' '),
);
const INHERITED_PREFIXES = ['lc_'];

/** Inherited only without credentials: a proxy URL with user info (`user:pw@`) is left out. */
const PROXY_VARIABLES = new Set(['http_proxy', 'https_proxy', 'all_proxy', 'no_proxy']);

/**
 * Never set from the gateway's environment, even when named by the operator, and never the
 * secret's variable: each loads code into a runtime or belongs to the gateway.
 */
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
  'env',
  'perl5opt',
  'perl5lib',
  'perllib',
  'rubyopt',
  'rubylib',
  'java_tool_options',
  '_java_options',
  'jdk_java_options',
  'database_url',
]);
const REMOVED_PREFIXES = ['dyld_', 'npm_config_', 'gateway_'];

const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** True for variables a child never gets from the gateway, whatever the configuration says. */
export function isRemovedVariable(name: string): boolean {
  const lower = name.toLowerCase();
  return REMOVED_VARIABLES.has(lower) || REMOVED_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

/** True for the variables every child inherits (PATH, HOME, LC_*, proxies, …). */
export function isInheritedVariable(name: string): boolean {
  const lower = name.toLowerCase();
  return (
    INHERITED_VARIABLES.has(lower) ||
    PROXY_VARIABLES.has(lower) ||
    INHERITED_PREFIXES.some((prefix) => lower.startsWith(prefix))
  );
}

/**
 * Whether `name` may carry the secret: a portable variable name that is neither a removed
 * variable (the secret could become NODE_OPTIONS or LD_PRELOAD) nor one the child inherits
 * (it would replace PATH, HOME or a proxy).
 */
export function isAllowedSecretVariable(name: string): boolean {
  return VARIABLE_NAME.test(name) && !isRemovedVariable(name) && !isInheritedVariable(name);
}

/** Why an operator may not name `name` in GATEWAY_STDIO_INHERITED_VARIABLES, or undefined. */
export function inheritedVariableProblem(name: string): string | undefined {
  if (!VARIABLE_NAME.test(name)) return 'is not a variable name ([A-Za-z_][A-Za-z0-9_]*)';
  if (isRemovedVariable(name))
    return 'loads code into a runtime or belongs to the gateway, so no child gets it';
  return undefined;
}

export function buildChildEnvironment(
  parentEnvironment: Readonly<Record<string, string | undefined>>,
  secret: string | undefined,
  secretVariable: string = DEFAULT_SECRET_VARIABLE,
  inheritedVariables: readonly string[] = [],
): Record<string, string> {
  const secretNames = new Set([secretVariable.toLowerCase(), SECONDARY_SECRET_VARIABLE.toLowerCase()]);
  const named = new Set(inheritedVariables);
  const environment: Record<string, string> = {};
  for (const [name, value] of Object.entries(parentEnvironment)) {
    if (value === undefined || isRemovedVariable(name)) continue;
    // An inherited API_KEY is some other program's credential: the child gets its own or none.
    if (secretNames.has(name.toLowerCase())) continue;
    if (named.has(name) || (isInheritedVariable(name) && !carriesCredentials(name, value))) {
      environment[name] = value;
    }
  }
  if (secret !== undefined) {
    environment[secretVariable] = secret;
    environment[SECONDARY_SECRET_VARIABLE] = secret;
  }
  return environment;
}

/** A proxy URL with user info (`http://user:password@proxy:3128`). */
function carriesCredentials(name: string, value: string): boolean {
  return PROXY_VARIABLES.has(name.toLowerCase()) && value.includes('@');
}
