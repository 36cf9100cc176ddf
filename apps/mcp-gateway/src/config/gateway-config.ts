// The gateway's settings on top of every service's (README "Configuration"). Names marked
// "fixed" are used by acceptance checks and must not change.
import {
  BaseServiceConfig,
  EmptyAsUnset,
  EnvBoolean,
  EnvIntegerBetween,
  type OriginPolicy,
  parseOriginPolicy,
} from '@platform/service-kit';
import { IsBoolean, IsOptional, IsString, IsUrl, MinLength } from 'class-validator';

export class GatewayConfig extends BaseServiceConfig {
  /** The URL clients use to reach the gateway (behind the ingress); RFC 9728 resource and default token audience. */
  @EmptyAsUnset()
  @IsOptional()
  @IsUrl(
    { require_tld: false, protocols: ['http', 'https'], require_protocol: true },
    { message: 'must be an http(s) URL' },
  )
  GATEWAY_PUBLIC_URL?: string;

  /** Fixed name. The spec's `Admin:GroupSid`: holders of this SID bypass RBAC. */
  @IsString()
  @MinLength(1, { message: 'must not be empty' })
  GATEWAY_ADMIN_GROUP_SID = 'S-1-5-32-544';

  /** An administrator key (`mcp-adm-…`) to install at start-up, e.g. from a Kubernetes Secret. */
  @EmptyAsUnset()
  @IsOptional()
  @IsString()
  GATEWAY_BOOTSTRAP_ADMIN_KEY?: string;

  /**
   * On the first start, create the access policy `*` for McpClient, so AppKeys reach what their
   * scopes allow. Decided once per database; a removed row is not seeded again.
   */
  @EnvBoolean()
  @IsBoolean({ message: 'must be true or false' })
  GATEWAY_SEED_DEFAULT_POLICIES = true;

  /** How long a verified key row is reused before it is read again (revocations elsewhere apply within this). */
  @EnvIntegerBetween(0, 60, 'seconds')
  GATEWAY_KEY_CACHE_SECONDS = 5;

  /** Fixed name. When set, `Remote-*` headers are trusted on requests carrying `X-Proxy-Auth: <secret>`. */
  @EmptyAsUnset() @IsOptional() @IsString() GATEWAY_SSO_PROXY_SECRET?: string;
  @EmptyAsUnset() @IsOptional() @IsString() GATEWAY_SSO_TRUSTED_PROXIES?: string;
  /** Identity headers read from the trusted proxy (default `Remote-User,Remote-Groups,Remote-User-Sid`); every other identity-like header is removed. */
  @EmptyAsUnset() @IsOptional() @IsString() GATEWAY_SSO_HEADERS?: string;

  /** Fixed name. Comma-separated OpenID issuer URLs whose JWT access tokens are accepted. */
  @EmptyAsUnset() @IsOptional() @IsString() GATEWAY_OIDC_ISSUERS?: string;
  @EmptyAsUnset() @IsOptional() @IsString() GATEWAY_OIDC_AUDIENCE?: string;
  @EmptyAsUnset() @IsOptional() @IsString() GATEWAY_OIDC_CLOCK_TOLERANCE_SECONDS?: string;
  @EmptyAsUnset() @IsOptional() @IsString() GATEWAY_OIDC_USERNAME_CLAIMS?: string;
  @EmptyAsUnset() @IsOptional() @IsString() GATEWAY_OIDC_GROUP_CLAIMS?: string;
  @EmptyAsUnset() @IsOptional() @IsString() GATEWAY_OIDC_ROLE_CLAIMS?: string;
  @EmptyAsUnset() @IsOptional() @IsString() GATEWAY_OIDC_SID_CLAIMS?: string;
  @EmptyAsUnset() @IsOptional() @IsString() GATEWAY_OIDC_FULL_ADMIN_CLAIM?: string;
  @EmptyAsUnset() @IsOptional() @IsString() GATEWAY_OIDC_ALGORITHMS?: string;
  @EmptyAsUnset() @IsOptional() @IsString() GATEWAY_OIDC_SCOPES_SUPPORTED?: string;

  /** Fixed name. Declarative backend servers (YAML or JSON with a list `servers:`); re-read when it changes. */
  @EmptyAsUnset() @IsOptional() @IsString() GATEWAY_SERVERS_FILE?: string;

  /** How often each replica re-reads the server registry (other replicas' changes) and the servers file. */
  @EnvIntegerBetween(1, 300, 'seconds')
  GATEWAY_REGISTRY_REFRESH_SECONDS = 5;

  /** CIDRs network backends may be at (default: anywhere not blocked); see backends/validation/README.md. */
  @EmptyAsUnset() @IsOptional() @IsString() GATEWAY_BACKEND_ALLOWED_NETWORKS?: string;
  /** CIDRs added to the always-blocked ranges (link-local, cloud metadata, ...). */
  @EmptyAsUnset() @IsOptional() @IsString() GATEWAY_BACKEND_BLOCKED_NETWORKS?: string;

  /** stdio backends: only these executables may run (bare names found in PATH, absolute paths); unset: any the policy allows. */
  @EmptyAsUnset() @IsOptional() @IsString() GATEWAY_STDIO_ALLOWED_COMMANDS?: string;
  /** Variables of the gateway's environment that stdio children inherit besides the built-in list (backends/stdio/README.md). */
  @EmptyAsUnset() @IsOptional() @IsString() GATEWAY_STDIO_INHERITED_VARIABLES?: string;

  /** Backend secrets: see backends/secrets/README.md. */
  @EmptyAsUnset() @IsOptional() @IsString() GATEWAY_SECRET_FILE_DIRS?: string;
  @EmptyAsUnset() @IsOptional() @IsString() GATEWAY_VAULT_ADDR?: string;
  @EmptyAsUnset() @IsOptional() @IsString() GATEWAY_VAULT_TOKEN?: string;
  @EmptyAsUnset() @IsOptional() @IsString() GATEWAY_VAULT_MOUNT?: string;
  @EmptyAsUnset() @IsOptional() @IsString() GATEWAY_VAULT_NAMESPACE?: string;
  @EmptyAsUnset() @IsOptional() @IsString() GATEWAY_VAULT_CACHE_SECONDS?: string;

  /** First reconnect delay after a backend fails (spec 8: 5 s); doubles per attempt up to the maximum. */
  @EnvIntegerBetween(1, 3600, 'seconds')
  GATEWAY_BACKEND_RECONNECT_SECONDS = 5;

  @EnvIntegerBetween(1, 86_400, 'seconds')
  GATEWAY_BACKEND_RECONNECT_MAX_SECONDS = 300;

  /** Health check of connected backends (spec 8: every 15 s). */
  @EnvIntegerBetween(1, 3600, 'seconds')
  GATEWAY_BACKEND_HEALTH_SECONDS = 15;

  /** A client session with no traffic and no open stream is ended after this long. */
  @EnvIntegerBetween(10, 86_400, 'seconds')
  GATEWAY_SESSION_IDLE_SECONDS = 1800;

  /** Live client sessions at most, streams included; an idle one not in use makes room for a new one. */
  @EnvIntegerBetween(1, 1_000_000)
  GATEWAY_MAX_SESSIONS = 10_000;

  /** Live client sessions of one caller (AppKey, or SSO or OIDC user) at most. */
  @EnvIntegerBetween(1, 1_000_000)
  GATEWAY_MAX_SESSIONS_PER_PRINCIPAL = 100;

  /** How long an aggregated list waits for one backend before leaving it out. */
  @EnvIntegerBetween(1, 60, 'seconds')
  GATEWAY_LIST_TIMEOUT_SECONDS = 5;

  /**
   * Shared by every replica of one gateway (at least 32 characters, e.g. `openssl rand -hex 32`):
   * session ids any replica can open, and the proof on requests one replica forwards to the replica
   * holding a session (docs/decisions/057-gateway-scale-out.md). Unset: a session is served only by
   * the replica that opened it (one replica, or sticky routing).
   */
  @EmptyAsUnset()
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'must be at least 32 characters' })
  GATEWAY_REPLICA_SECRET?: string;

  /**
   * Where the other replicas reach this one, e.g. `http://$(POD_IP):8080`. Default: HOST and PORT,
   * or this host's first non-loopback IPv4 address when HOST is a wildcard (`0.0.0.0`, `::`).
   */
  @EmptyAsUnset()
  @IsOptional()
  @IsUrl(
    { require_tld: false, protocols: ['http'], require_protocol: true },
    { message: 'must be an http URL' },
  )
  GATEWAY_REPLICA_URL?: string;

  /** Browser origins allowed on the MCP endpoints and to change state through `/api/*` (comma list). */
  @EmptyAsUnset() @IsOptional() @IsString() GATEWAY_ALLOWED_ORIGINS?: string;
  /** Host header values accepted there (comma list, DNS-rebinding protection); unset accepts any. */
  @EmptyAsUnset() @IsOptional() @IsString() GATEWAY_ALLOWED_HOSTS?: string;

  /**
   * The settings as an environment map, for readers that take one (OIDC, network policy,
   * secrets): the fields are named after the environment variables they came from.
   */
  asEnvironment(): Readonly<Record<string, string | undefined>> {
    return Object.fromEntries(
      Object.entries(this).map(([name, value]) => [name, value === undefined ? undefined : String(value)]),
    );
  }

  /**
   * The browser pages the gateway trusts: GATEWAY_ALLOWED_ORIGINS, plus the origin of
   * GATEWAY_PUBLIC_URL when it is set (the operator's own name for the gateway, so its own pages,
   * such as /docs behind the ingress, may call it).
   */
  originPolicy(): OriginPolicy {
    const policy = parseOriginPolicy(this.GATEWAY_ALLOWED_ORIGINS, this.GATEWAY_ALLOWED_HOSTS);
    if (this.GATEWAY_PUBLIC_URL === undefined) return policy;
    const publicOrigin = new URL(this.GATEWAY_PUBLIC_URL).origin.toLowerCase();
    return { ...policy, allowedOrigins: [...policy.allowedOrigins, publicOrigin] };
  }

  /** The public base URL, without a trailing slash. */
  publicUrl(): string {
    return (this.GATEWAY_PUBLIC_URL ?? `http://localhost:${this.PORT}`).replace(/\/+$/, '');
  }
}
