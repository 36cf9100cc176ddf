// The gateway's own MCP server, `router` (spec 2.1 naming): system resources about the gateway
// (`router://status`, `router://database`) and its logs (`logs://recent`, `logs://<serverId>/…`).
// It is a `custom` backend like any other, so it is listed, authorized and proxied the same way;
// it lives in code, not in the registry's table, and its id is reserved for stored servers.
import { type BackendServerDefinition, DEFAULT_REQUEST_TIMEOUT_MS } from '../backends/backend-server';

export const ROUTER_SERVER_ID = 'router';

export const ROUTER_SERVER: BackendServerDefinition = {
  id: ROUTER_SERVER_ID,
  displayName: 'Gateway router',
  url: ROUTER_SERVER_ID,
  type: 'custom',
  categories: [],
  enabled: true,
  hidden: false,
  secretProvider: 'None',
  authShape: 'bearer',
  headers: {},
  allowPassThroughAuth: false,
  requestTimeoutMs: DEFAULT_REQUEST_TIMEOUT_MS,
};
