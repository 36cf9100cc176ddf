// The three services, their default ports and the variable that overrides each port when
// they run together under `npm start`.
export const SERVICES = [
  { name: 'mcp-gateway', port: 8080, portVariable: 'MCP_GATEWAY_PORT', color: 36 },
  { name: 'curation-api', port: 8081, portVariable: 'CURATION_API_PORT', color: 35 },
  { name: 'term-bridge', port: 8082, portVariable: 'TERM_BRIDGE_PORT', color: 33 },
];

export function portOf(service, environment = process.env) {
  const value = environment[service.portVariable];
  return value === undefined || value === '' ? service.port : Number(value);
}
