// The environment `npm start` gives each service: only what that service reads, so one service's
// secrets never reach another (nor the stdio backends the gateway starts, nor the shells the
// bridge starts). The rule, documented in README "npm start: what each service receives":
//
//   - the process basics every program needs (PATH, HOME, locale, time zone, temp directory,
//     terminal type, CA certificates, proxies, NODE_OPTIONS);
//   - the settings every service reads (HOST, LOG_LEVEL, DATABASE_*, SHUTDOWN_GRACE_MS,
//     DOCS_ENABLED): one value for all three, as the README's shared database describes;
//   - the service's own variables: its prefixes (GATEWAY_ and MCP_BACKEND_SECRET_ for the gateway,
//     CURATION_ for the curation API, TERM_BRIDGE_ for the bridge) and the few it names;
//   - PORT and DATABASE_DATA_DIR, set here per service.
//
// Nothing else: not another service's prefix, not npm start's own variables (ports, DATA_DIR),
// not npm's npm_* variables, not whatever else the shell exports.
import { SERVICES, START_VARIABLES } from './services.mjs';

export const PROCESS_VARIABLES = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'LANG',
  'LANGUAGE',
  'TZ',
  'TMPDIR',
  'TERM',
  'NODE_OPTIONS',
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
];
const PROCESS_PREFIXES = ['LC_'];

/** README "Every service": one value for all three services. */
export const SHARED_SETTINGS = [
  'HOST',
  'LOG_LEVEL',
  'DATABASE_URL',
  'DATABASE_RUN_MIGRATIONS',
  'DATABASE_POOL_SIZE',
  'SHUTDOWN_GRACE_MS',
  'DOCS_ENABLED',
];

/**
 * @param service one of SERVICES
 * @param environment the environment `npm start` runs in
 * @param assigned PORT, DATABASE_DATA_DIR and anything else set for this service alone
 */
export function serviceEnvironment(service, environment, assigned) {
  const chosen = {};
  for (const [name, value] of Object.entries(environment)) {
    if (value !== undefined && receives(service, name)) chosen[name] = value;
  }
  return { ...chosen, ...assigned };
}

function receives(service, name) {
  if (START_VARIABLES.includes(name)) return false;
  if (PROCESS_VARIABLES.includes(name) || PROCESS_PREFIXES.some((prefix) => name.startsWith(prefix)))
    return true;
  if (SHARED_SETTINGS.includes(name)) return true;
  return ownerOf(name) === service;
}

/** The service a variable belongs to, if any. */
export function ownerOf(name) {
  return SERVICES.find(
    (service) =>
      service.ownVariables.includes(name) || service.ownPrefixes.some((prefix) => name.startsWith(prefix)),
  );
}
