// The three services, their default ports, the variable that overrides each port when they run
// together under `npm start`, and the variables each one owns (see service-environment.mjs).
export const SERVICES = [
  {
    name: 'mcp-gateway',
    port: 8080,
    portVariable: 'MCP_GATEWAY_PORT',
    color: 36,
    // Its settings, and the secrets it presents to backends (secretProvider: Environment refuses
    // GATEWAY_ names, which hold the gateway's own credentials).
    ownPrefixes: ['GATEWAY_', 'MCP_BACKEND_SECRET_'],
    ownVariables: [],
  },
  {
    name: 'curation-api',
    port: 8081,
    portVariable: 'CURATION_API_PORT',
    color: 35,
    ownPrefixes: ['CURATION_'],
    ownVariables: [],
  },
  {
    name: 'term-bridge',
    port: 8082,
    portVariable: 'TERM_BRIDGE_PORT',
    color: 33,
    ownPrefixes: ['TERM_BRIDGE_'],
    // tmux's socket directory. Nothing else of the caller's session (SSH agent, display): the
    // bridge gives its shells an allow-listed environment (decision 018).
    ownVariables: ['TMUX_TMPDIR'],
  },
];

/** Variables `npm start` itself reads; no service receives them. */
export const START_VARIABLES = ['DATA_DIR', 'NO_COLOR', ...SERVICES.map((service) => service.portVariable)];

export function portOf(service, environment = process.env) {
  const value = environment[service.portVariable];
  return value === undefined || value === '' ? service.port : Number(value);
}
