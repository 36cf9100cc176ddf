// A backend MCP server as the gateway knows it (spec 2.1 "Backend server record"), whether it
// came from the declarative file (GATEWAY_SERVERS_FILE) or from the administration API.

/** How the gateway reaches the server (spec 1, 2.1). */
export type BackendTransport = 'sse' | 'http' | 'streamable' | 'stdio' | 'custom';
export const BACKEND_TRANSPORTS: readonly BackendTransport[] = [
  'sse',
  'http',
  'streamable',
  'stdio',
  'custom',
];

/** Where the server's secret comes from. `Vault` is HashiCorp Vault KV v2. */
export type SecretProvider = 'None' | 'Environment' | 'File' | 'Vault';
export const SECRET_PROVIDERS: readonly SecretProvider[] = ['None', 'Environment', 'File', 'Vault'];

/** How the secret is presented to a network backend. */
export type AuthShape = 'bearer' | 'x-api-key' | 'basic' | 'raw' | 'custom-header' | 'query';
export const AUTH_SHAPES: readonly AuthShape[] = [
  'bearer',
  'x-api-key',
  'basic',
  'raw',
  'custom-header',
  'query',
];

export interface BackendServerDefinition {
  /** `^[a-z0-9][a-z0-9_-]*$`-style id: the `/{targetServerId}` path segment and the tool namespace. */
  readonly id: string;
  readonly displayName: string;
  /**
   * A shorter namespace for this server's tools, prompts and resources in the aggregated views
   * (`<alias>__<name>`, `mcp://<alias>/…`), for model providers that cap tool names at 64
   * characters. Authorization, RBAC, the audit and `/{serverId}` still use the id.
   */
  readonly alias?: string;
  /** A network URL, or for `stdio` a command line (executable plus arguments), or for `custom` the registered name. */
  readonly url: string;
  readonly type: BackendTransport;
  /** Normalized (lowercase, de-duplicated) categories; stored as a JSON array or comma list. */
  readonly categories: readonly string[];
  readonly enabled: boolean;
  readonly hidden: boolean;
  readonly secretProvider: SecretProvider;
  /** Vault: the KV v2 path; File: the file path. */
  readonly secretPath?: string;
  /** Vault: the field inside the secret's data. */
  readonly secretField?: string;
  /** Environment: the variable name; stdio: the child's variable (default API_KEY). */
  readonly secretItemKey?: string;
  readonly authShape: AuthShape;
  /** Header name for `custom-header`, query parameter name for `query`. */
  readonly authParameter?: string;
  /** Extra headers sent to network backends (header name → value). */
  readonly headers: Readonly<Record<string, string>>;
  readonly allowPassThroughAuth: boolean;
  /** Per-request timeout in milliseconds (spec default 15 s). */
  readonly requestTimeoutMs: number;
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 15_000;
