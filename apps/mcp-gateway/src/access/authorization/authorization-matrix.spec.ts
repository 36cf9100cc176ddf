// The pipeline as a decision table: credential kind × key scopes × identity × policies × target
// kind × method → expected decision. Each row is one test; read the table to review the policy.
import { DIRECT_PROXY_METHOD } from '@platform/scopes';
import type { Principal } from '../principal';
import { authorize } from './authorization.pipeline';
import {
  ADMIN_SID,
  allow,
  appKeyPrincipal,
  contextWith,
  deny,
  oauthPrincipal,
  ssoPrincipal,
} from './authorization.spec-fixtures';
import type { IdentityFields } from './authorization.spec-fixtures';
import type { AccessPolicyRow, AuthorizationDenialReason, AuthorizationStage } from './authorization.types';

type Caller =
  | ({ readonly kind: 'app-key'; readonly scopes: readonly string[] | null } & IdentityFields)
  | ({ readonly kind: 'oauth' | 'sso' } & IdentityFields);

type Expected =
  | { readonly allowed: true; readonly via: 'policy' | 'admin-bypass' }
  | {
      readonly allowed: false;
      readonly stage: AuthorizationStage;
      readonly reason: AuthorizationDenialReason;
      readonly message: string;
    };

interface MatrixRow {
  readonly caller: Caller;
  readonly policies: readonly AccessPolicyRow[];
  readonly method: string;
  readonly target: string;
  readonly expected: Expected;
}

const PROXY = DIRECT_PROXY_METHOD;
const BY_POLICY: Expected = { allowed: true, via: 'policy' };
const BY_BYPASS: Expected = { allowed: true, via: 'admin-bypass' };
const outOfScope = (target: string, reason: AuthorizationDenialReason = 'no-matching-scope'): Expected => ({
  allowed: false,
  stage: 'scope',
  reason,
  message: `AppKey rejected: requested target '${target}' is outside the key's allowed scopes`,
});
const noAllow = (message: string): Expected => ({
  allowed: false,
  stage: 'rbac',
  reason: 'no-matching-allow',
  message,
});
const denied = (message: string): Expected => ({
  allowed: false,
  stage: 'rbac',
  reason: 'explicit-deny',
  message,
});
const cannotExecute = (tool: string): string => `User does not have permission to execute tool '${tool}'`;

const key = (scopes: readonly string[] | null, identity: IdentityFields = {}): Caller => ({
  kind: 'app-key',
  scopes,
  ...identity,
});
const oauth = (identity: IdentityFields): Caller => ({ kind: 'oauth', ...identity });
const sso = (identity: IdentityFields): Caller => ({ kind: 'sso', ...identity });

/** What AppKey owners typically get: the McpClient role on some servers and categories. */
const KEY_POLICIES = [
  allow('server:media', 'McpClient'),
  allow('category:library', 'mcpclient'),
  allow('tool:plex_search', 'McpClient'),
];
const READERS_ON_MEDIA = [allow('server:media', 'readers')];
const TEMPLATE = 'mcp://media/items/{id}';
const ITEM = 'mcp://media/items/1';

// prettier-ignore
const MATRIX: readonly MatrixRow[] = [
  // ── AppKey: scopes narrow first, then RBAC still has to allow ───────────────────────────────
  { caller: key(['*']),                         policies: KEY_POLICIES, method: 'tools/call',   target: 'media__search', expected: BY_POLICY },
  { caller: key(['server:media']),              policies: KEY_POLICIES, method: 'tools/call',   target: 'books__find',   expected: outOfScope('books__find') },
  { caller: key(['*']),                         policies: READERS_ON_MEDIA, method: 'tools/call', target: 'media__search', expected: noAllow(cannotExecute('media__search')) },
  { caller: key(['*']),                         policies: [allow('server:media', 'McpClient')], method: 'tools/call', target: 'books__find', expected: noAllow(cannotExecute('books__find')) },
  { caller: key(['category:video']),            policies: KEY_POLICIES, method: 'tools/call',   target: 'media__search', expected: BY_POLICY },
  { caller: key(['group:library']),             policies: KEY_POLICIES, method: 'tools/call',   target: 'media__search', expected: outOfScope('media__search') },
  { caller: key(['tool:media__search']),        policies: KEY_POLICIES, method: 'tools/call',   target: 'Media__Search', expected: BY_POLICY },
  { caller: key(['tool:media__search']),        policies: KEY_POLICIES, method: 'tools/call',   target: 'media__delete', expected: outOfScope('media__delete') },
  { caller: key(['tool:media__search']),        policies: KEY_POLICIES, method: 'tools/list',   target: 'media__search', expected: BY_POLICY },
  { caller: key(['tool:media__greet']),         policies: KEY_POLICIES, method: 'prompts/get',  target: 'media__greet',  expected: outOfScope('media__greet') },
  { caller: key(['prompt:media__greet']),       policies: KEY_POLICIES, method: 'prompts/get',  target: 'media__greet',  expected: BY_POLICY },
  { caller: key(['prompt:media__greet']),       policies: KEY_POLICIES, method: 'prompts/list', target: 'media__greet',  expected: BY_POLICY },
  { caller: key([`resource:${ITEM}`]),          policies: KEY_POLICIES, method: 'resources/read', target: ITEM,          expected: BY_POLICY },
  { caller: key(['server:books']),              policies: KEY_POLICIES, method: 'resources/read', target: ITEM,          expected: outOfScope(ITEM) },
  { caller: key([`template:${TEMPLATE}`]),      policies: KEY_POLICIES, method: 'resources/templates/list', target: TEMPLATE, expected: BY_POLICY },
  { caller: key([`resource:${TEMPLATE}`]),      policies: KEY_POLICIES, method: 'resources/templates/list', target: TEMPLATE, expected: outOfScope(TEMPLATE) },
  { caller: key(['completion:media__greet']),   policies: KEY_POLICIES, method: 'completion/complete', target: 'media__greet', expected: BY_POLICY },
  { caller: key(['prompt:media__greet']),       policies: KEY_POLICIES, method: 'completion/complete', target: 'media__greet', expected: BY_POLICY },
  { caller: key(['tool:media__greet']),         policies: KEY_POLICIES, method: 'completion/complete', target: 'media__greet', expected: outOfScope('media__greet') },
  { caller: key(['server:media']),              policies: KEY_POLICIES, method: PROXY,          target: 'media',         expected: BY_POLICY },
  { caller: key(['all']),                       policies: KEY_POLICIES, method: PROXY,          target: 'books',         expected: BY_POLICY },
  { caller: key(['tool:media__search']),        policies: KEY_POLICIES, method: PROXY,          target: 'media',         expected: outOfScope('media') },
  { caller: key(['category:library']),          policies: READERS_ON_MEDIA, method: PROXY,      target: 'books',         expected: noAllow("User does not have permission to access server 'books'") },
  { caller: key(['server:books']),              policies: KEY_POLICIES, method: 'search_tools', target: 'search_tools',  expected: noAllow(cannotExecute('search_tools')) },
  { caller: key(['server:books']),              policies: [allow('tool:search_tools', 'McpClient')], method: 'search_tools', target: 'search_tools', expected: BY_POLICY },
  { caller: key(null),                          policies: KEY_POLICIES, method: 'search_tools', target: 'search_tools',  expected: outOfScope('search_tools', 'no-scope-list') },
  { caller: key([]),                            policies: KEY_POLICIES, method: 'tools/call',   target: 'media__search', expected: outOfScope('media__search', 'no-scope-list') },
  { caller: key(['*', 'admin:everything']),     policies: KEY_POLICIES, method: 'tools/call',   target: 'media__search', expected: outOfScope('media__search', 'invalid-scope-list') },
  { caller: key(['server:media']),              policies: KEY_POLICIES, method: 'execute_tool', target: 'media__search', expected: BY_POLICY },
  { caller: key(['server:media']),              policies: KEY_POLICIES, method: 'execute_tool', target: 'books__find',   expected: outOfScope('books__find') },
  { caller: key(['*']),                         policies: KEY_POLICIES, method: 'execute_tool', target: 'books__find',   expected: BY_POLICY },
  { caller: key(['server:plex']),               policies: KEY_POLICIES, method: 'tools/call',   target: 'plex_search',   expected: BY_POLICY },
  { caller: key(['*'], { sids: [ADMIN_SID] }),  policies: [],           method: 'tools/call',   target: 'media__search', expected: noAllow(cannotExecute('media__search')) },
  { caller: key(['*'], { fullAdminClaim: true }), policies: [],         method: PROXY,          target: 'media',         expected: noAllow("User does not have permission to access server 'media'") },
  { caller: key(['*']),                         policies: [...KEY_POLICIES, deny('tool:media__delete', 'McpClient')], method: 'tools/call', target: 'media__delete', expected: denied(cannotExecute('media__delete')) },
  { caller: key(['*']),                         policies: KEY_POLICIES, method: 'tools/delete', target: 'media__search', expected: { allowed: false, stage: 'request', reason: 'method-not-covered', message: "User does not have permission to call method 'tools/delete'" } },

  // ── OAuth: groups, SIDs and mapped groups against policies; the administrator bypass ────────
  { caller: oauth({ groups: ['Media-Users'] }), policies: [allow('tool:media__search', 'media-readers')], method: 'tools/call', target: 'media__search', expected: BY_POLICY },
  { caller: oauth({ groups: ['media-users'] }), policies: [allow('tool:media__search', 'MEDIA-READERS')], method: 'tools/call', target: 'media__search', expected: BY_POLICY },
  { caller: oauth({ groups: ['Other'] }),       policies: [allow('tool:media__search', 'media-readers')], method: 'tools/call', target: 'media__search', expected: noAllow(cannotExecute('media__search')) },
  { caller: oauth({ fullAdminClaim: true }),    policies: [],           method: 'tools/call',   target: 'books__find',   expected: BY_BYPASS },
  { caller: oauth({ sids: [ADMIN_SID] }),       policies: [deny('server:media', ADMIN_SID)], method: 'tools/call', target: 'media__search', expected: BY_BYPASS },
  { caller: oauth({ sids: ['s-1-5-32-544'] }),  policies: [],           method: PROXY,          target: 'media',         expected: BY_BYPASS },
  { caller: oauth({ groups: [ADMIN_SID] }),     policies: [],           method: 'tools/call',   target: 'media__search', expected: noAllow(cannotExecute('media__search')) },
  { caller: oauth({ roles: ['Administrators', 'Admin'] }), policies: [], method: 'tools/call',  target: 'media__search', expected: noAllow(cannotExecute('media__search')) },
  { caller: oauth({ sids: ['S-1-5-21-100-1001'] }), policies: [allow('server:books', 'ops')], method: 'tools/call', target: 'books__find', expected: BY_POLICY },
  { caller: oauth({ sids: ['S-1-5-21-100-1002'] }), policies: [allow('category:library', 's-1-5-21-100-1002')], method: 'tools/call', target: 'books__find', expected: BY_POLICY },
  { caller: oauth({ groups: ['readers'] }),     policies: [allow('tool:media__greet', 'readers')], method: 'prompts/get', target: 'media__greet', expected: noAllow("User does not have permission to get prompt 'media__greet'") },
  { caller: oauth({ groups: ['readers'] }),     policies: [allow('prompt:media__greet', 'readers')], method: 'prompts/get', target: 'media__greet', expected: BY_POLICY },
  { caller: oauth({ groups: ['readers'] }),     policies: [allow(`resource:${ITEM}`, 'readers')], method: 'resources/read', target: ITEM, expected: BY_POLICY },
  { caller: oauth({ groups: ['readers'] }),     policies: [allow(`template:${TEMPLATE}`, 'readers')], method: 'resources/templates/list', target: TEMPLATE, expected: BY_POLICY },
  { caller: oauth({ groups: ['readers'] }),     policies: [allow(`resource_template:${TEMPLATE}`, 'readers')], method: 'resources/templates/list', target: TEMPLATE, expected: BY_POLICY },
  { caller: oauth({ groups: ['readers'] }),     policies: [allow(`resource:${TEMPLATE}`, 'readers')], method: 'resources/templates/list', target: TEMPLATE, expected: noAllow(`User does not have permission to see resource template '${TEMPLATE}'`) },
  { caller: oauth({ groups: ['readers'] }),     policies: [allow('completion:media__greet', 'readers')], method: 'completion/complete', target: 'media__greet', expected: BY_POLICY },
  { caller: oauth({ groups: ['readers'] }),     policies: [allow('media__greet', 'readers')], method: 'completion/complete', target: 'media__greet', expected: BY_POLICY },
  { caller: oauth({ groups: ['readers'] }),     policies: READERS_ON_MEDIA, method: PROXY,      target: 'media',         expected: BY_POLICY },
  { caller: oauth({ groups: ['readers'] }),     policies: READERS_ON_MEDIA, method: PROXY,      target: 'books',         expected: noAllow("User does not have permission to access server 'books'") },
  { caller: oauth({ groups: ['readers'] }),     policies: [allow('group:video', 'readers')], method: PROXY, target: 'media', expected: BY_POLICY },
  { caller: oauth({ groups: ['readers'] }),     policies: [allow('category:media', 'readers'), deny('tool:media__search', 'readers')], method: 'tools/call', target: 'media__search', expected: denied(cannotExecute('media__search')) },
  { caller: oauth({ groups: ['readers', 'blocked'] }), policies: [allow('server:media', 'readers'), deny('server:media', 'blocked')], method: 'tools/list', target: 'media__search', expected: denied("User does not have permission to see tool 'media__search'") },
  { caller: oauth({ groups: ['readers'] }),     policies: [allow('tool:search_tools', 'readers')], method: 'search_tools', target: 'search_tools', expected: BY_POLICY },
  { caller: oauth({ groups: ['readers'] }),     policies: READERS_ON_MEDIA, method: 'execute_tool', target: 'media__search', expected: BY_POLICY },
  { caller: oauth({ groups: ['readers'] }),     policies: READERS_ON_MEDIA, method: 'execute_tool', target: 'books__find',   expected: noAllow(cannotExecute('books__find')) },
  { caller: oauth({ groups: ['readers'] }),     policies: READERS_ON_MEDIA, method: 'resources/read', target: 'logs://recent', expected: noAllow("User does not have permission to read resource 'logs://recent'") },

  // ── SSO headers: username mappings, native tools, key spelling ──────────────────────────────
  { caller: sso({ username: 'alice' }),         policies: [allow('server:books', 'book-club')], method: 'tools/call', target: 'books__find', expected: BY_POLICY },
  { caller: sso({ username: 'ALICE' }),         policies: [allow('server:books', 'book-club')], method: 'tools/call', target: 'books__find', expected: BY_POLICY },
  { caller: sso({ username: 'book-club' }),     policies: [allow('server:books', 'book-club')], method: 'tools/call', target: 'books__find', expected: noAllow(cannotExecute('books__find')) },
  // User names, group names and SIDs never meet (decision 019): only `user:alice` reaches alice.
  { caller: sso({ username: 'Media-Users' }),   policies: [allow('category:media', 'media-readers')], method: 'tools/call', target: 'media__search', expected: noAllow(cannotExecute('media__search')) },
  { caller: sso({ groups: ['alice'] }),         policies: [allow('server:books', 'book-club')], method: 'tools/call', target: 'books__find', expected: noAllow(cannotExecute('books__find')) },
  { caller: sso({ groups: ['user:alice'] }),    policies: [allow('server:books', 'book-club')], method: 'tools/call', target: 'books__find', expected: noAllow(cannotExecute('books__find')) },
  { caller: sso({ username: '\u0430lice' }),    policies: [allow('server:books', 'book-club')], method: 'tools/call', target: 'books__find', expected: noAllow(cannotExecute('books__find')) },
  { caller: sso({ groups: ['S-1-5-21-100-1001'] }), policies: [allow('server:media', 'ops')], method: 'tools/call', target: 'media__search', expected: noAllow(cannotExecute('media__search')) },
  { caller: sso({ groups: ['S-1-5-21-100-1001'] }), policies: [allow('server:media', 'S-1-5-21-100-1001')], method: 'tools/call', target: 'media__search', expected: noAllow(cannotExecute('media__search')) },
  { caller: sso({ groups: ['x', 'S-1-5-21-100-1001'] }), policies: [allow('server:media', 'x'), deny('server:media', 'ops')], method: 'tools/call', target: 'media__search', expected: denied(cannotExecute('media__search')) },
  { caller: sso({ sids: ['s-1-5-21-0100-1001'] }), policies: [allow('server:media', 'ops')], method: 'tools/call', target: 'media__search', expected: BY_POLICY },
  { caller: sso({ sids: ['S-1-5-21-100-1001'] }), policies: [allow('server:media', 'S-1-5-21-0100-01001')], method: 'tools/call', target: 'media__search', expected: BY_POLICY },
  // Names are compared with ASCII case folded and nothing else (decision 019).
  { caller: sso({ groups: ['MEDIA-USERS'] }),   policies: [allow('category:media', 'media-readers')], method: 'tools/call', target: 'media__search', expected: BY_POLICY },
  { caller: sso({ groups: ['Media-Users\u00a0'] }), policies: [allow('category:media', 'media-readers')], method: 'tools/call', target: 'media__search', expected: noAllow(cannotExecute('media__search')) },
  { caller: sso({ groups: ['\u212Aids'] }),     policies: [allow('server:media', 'kids')], method: 'tools/call', target: 'media__search', expected: noAllow(cannotExecute('media__search')) },
  { caller: sso({ sids: ['S-1-5-21-9', ADMIN_SID] }), policies: [], method: 'resources/read', target: ITEM,              expected: BY_BYPASS },
  { caller: sso({ groups: ['Media-Users'] }),   policies: [allow('category:media', 'media-readers')], method: 'tools/call', target: 'plex_search', expected: BY_POLICY },
  { caller: sso({ groups: ['x'] }),             policies: [allow(' TOOL: Media__Search ', ' X ')], method: 'tools/call', target: 'media__search', expected: BY_POLICY },
  { caller: sso({ groups: ['x'] }),             policies: [allow('tool:*', 'x'), allow('server:*', 'x')], method: 'tools/call', target: 'media__search', expected: noAllow(cannotExecute('media__search')) },

  // ── `*`: the one wildcard target (every request has the key); deny rows on it deny everything ─
  { caller: sso({ groups: ['x'] }),             policies: [allow('*', 'x')], method: 'tools/call', target: 'media__search', expected: BY_POLICY },
  { caller: sso({ groups: ['x'] }),             policies: [allow('*', 'x')], method: PROXY,          target: 'books',         expected: BY_POLICY },
  { caller: sso({ groups: ['x'] }),             policies: [allow('*', 'x')], method: 'resources/read', target: 'logs://recent', expected: BY_POLICY },
  { caller: sso({ groups: ['x'] }),             policies: [allow('*', 'x'), deny('*', 'x')], method: 'tools/list', target: 'media__search', expected: denied("User does not have permission to see tool 'media__search'") },
  { caller: sso({ groups: ['x'] }),             policies: [allow('*', 'x'), deny('tool:media__search', 'x')], method: 'tools/call', target: 'media__search', expected: denied(cannotExecute('media__search')) },
  { caller: sso({ groups: ['x'] }),             policies: [allow('*', 'y')], method: 'tools/call', target: 'media__search', expected: noAllow(cannotExecute('media__search')) },
  { caller: key(['server:media']),              policies: [allow('*', 'McpClient')], method: 'tools/call', target: 'media__search', expected: BY_POLICY },
  { caller: key(['server:media']),              policies: [allow('*', 'McpClient')], method: 'tools/call', target: 'books__find',   expected: outOfScope('books__find') },
  { caller: key(['server:media']),              policies: [allow('*', 'McpClient')], method: PROXY,          target: 'books',         expected: outOfScope('books') },

  // ── McpClient is the AppKey role: presented by an identity source it never satisfies an allow row ─
  { caller: sso({ groups: ['McpClient'] }),     policies: [allow('*', 'McpClient')], method: 'tools/call', target: 'media__search', expected: noAllow(cannotExecute('media__search')) },
  { caller: oauth({ roles: ['mcpclient'] }),    policies: [allow('server:media', 'McpClient')], method: 'tools/call', target: 'media__search', expected: noAllow(cannotExecute('media__search')) },
  { caller: sso({ groups: ['readers', 'McpClient'] }), policies: [allow('*', 'readers'), deny('server:media', 'McpClient')], method: 'tools/call', target: 'media__search', expected: denied(cannotExecute('media__search')) },
  { caller: sso({ groups: [ADMIN_SID] }),       policies: [allow('server:media', 'admins-mapped')], method: 'tools/call', target: 'media__search', expected: noAllow(cannotExecute('media__search')) },
];

function principalOf(caller: Caller): Principal {
  switch (caller.kind) {
    case 'app-key':
      return appKeyPrincipal(caller.scopes, caller);
    case 'oauth':
      return oauthPrincipal(caller);
    case 'sso':
      return ssoPrincipal(caller);
  }
}

function describeRow(row: MatrixRow): string {
  const { kind, ...identity } = row.caller;
  const expected = row.expected.allowed
    ? `allow (${row.expected.via})`
    : `deny (${row.expected.stage}: ${row.expected.reason})`;
  return `${kind} ${JSON.stringify(identity)} | ${row.method} '${row.target}' | ${row.policies.length} policies → ${expected}`;
}

describe('authorization matrix', () => {
  it('has a row for every credential kind and method family', () => {
    expect(MATRIX.length).toBeGreaterThanOrEqual(40);
    expect(new Set(MATRIX.map((row) => row.caller.kind))).toEqual(new Set(['app-key', 'oauth', 'sso']));
  });

  it.each(MATRIX.map((row, index) => [`#${index + 1} ${describeRow(row)}`, row] as const))(
    '%s',
    (_title, row) => {
      const decision = authorize(
        principalOf(row.caller),
        { method: row.method, target: row.target },
        contextWith(row.policies),
      );
      expect(decision).toMatchObject(row.expected);
    },
  );
});
