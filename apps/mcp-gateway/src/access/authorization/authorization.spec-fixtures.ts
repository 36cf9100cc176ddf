// Shared test fixtures for the authorization specs: principals as each auth path builds them,
// policy row shorthands and a small server registry. Imported by *.spec.ts files only.
import { ADMIN_KEY_SOURCE, type IdentitySource, oidcSource, SSO_SOURCE } from '../identity';
import { MCP_CLIENT_ROLE } from '../principal';
import type { AuthenticationMethod, Principal } from '../principal';
import { DEFAULT_ADMIN_GROUP_SID } from './admin-bypass';
import type { AccessPolicyRow, AuthorizationContext, GroupMappingRow } from './authorization.types';

export const ADMIN_SID = DEFAULT_ADMIN_GROUP_SID;

export interface IdentityFields {
  readonly username?: string;
  readonly groups?: readonly string[];
  readonly roles?: readonly string[];
  readonly sids?: readonly string[];
  readonly fullAdminClaim?: boolean;
}

/** An AppKey caller as the AppKey validator builds it (spec 5.1 step 4): role McpClient, scopes attached. */
export function appKeyPrincipal(scopes: readonly string[] | null, identity: IdentityFields = {}): Principal {
  return {
    ...human('app-key', { username: 'svc-bot', roles: [MCP_CLIENT_ROLE], ...identity }),
    appKey: { id: 'key-1', keyPrefix: 'mcp-glb-0123456789abcdef0123456789abcdef', kind: 'app_key', scopes },
  };
}

export function oauthPrincipal(
  identity: IdentityFields = {},
  source: IdentitySource = TEST_OIDC_SOURCE,
): Principal {
  return { ...human('oauth', identity), identitySource: source };
}

export function ssoPrincipal(identity: IdentityFields = {}): Principal {
  return human('sso-header', identity);
}

/** The issuer of the OAuth principals here; their names come from `preferred_username`. */
export const TEST_OIDC_SOURCE = oidcSource('https://idp.example', 'preferred_username');

/** Where each method's names come from; an AppKey's owner signed in through the proxy. */
const SOURCE_OF: Readonly<Record<AuthenticationMethod, IdentitySource>> = {
  'app-key': SSO_SOURCE,
  'admin-key': ADMIN_KEY_SOURCE,
  oauth: TEST_OIDC_SOURCE,
  'sso-header': SSO_SOURCE,
};

function human(method: AuthenticationMethod, identity: IdentityFields): Principal {
  return {
    method,
    username: identity.username ?? 'user',
    identitySource: SOURCE_OF[method],
    roles: identity.roles ?? [],
    groups: identity.groups ?? [],
    sids: identity.sids ?? [],
    fullAdminClaim: identity.fullAdminClaim ?? false,
  };
}

export const allow = (targetId: string, requiredGroup: string): AccessPolicyRow => ({
  targetId,
  requiredGroup,
  isAllowed: 1,
});

export const deny = (targetId: string, requiredGroup: string): AccessPolicyRow => ({
  targetId,
  requiredGroup,
  isAllowed: 0,
});

/** Server categories as stored: media is tagged twice, plex in odd case, books once. */
export const SERVER_CATEGORIES: Readonly<Record<string, readonly string[]>> = {
  media: ['media', 'video'],
  plex: [' Media '],
  books: ['library'],
};

export const GROUP_MAPPINGS: readonly GroupMappingRow[] = [
  { externalId: 'Media-Users', internalGroup: 'media-readers' },
  { externalId: 'S-1-5-21-100-1001', internalGroup: 'ops' },
  { externalId: 'user:alice', internalGroup: 'book-club', identitySource: SSO_SOURCE },
  { externalId: ADMIN_SID, internalGroup: 'admins-mapped' },
];

export function contextWith(
  policies: readonly AccessPolicyRow[],
  overrides: Partial<AuthorizationContext> = {},
): AuthorizationContext {
  return {
    categoriesOf: (serverId) => SERVER_CATEGORIES[serverId] ?? [],
    groupMappings: GROUP_MAPPINGS,
    policies,
    adminGroupSid: ADMIN_SID,
    ...overrides,
  };
}
