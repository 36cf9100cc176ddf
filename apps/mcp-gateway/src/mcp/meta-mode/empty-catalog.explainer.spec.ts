import { jest } from '@jest/globals';
import type { AccessControlService } from '../../access/access-control.service';
import type { AuthorizationDecision } from '../../access/authorization';
import type { Principal } from '../../access/principal';
import type { ServerRegistry } from '../../backends/registry/server-registry.service';
import type { BackendListsCache } from '../views/backend-lists.cache';
import { EmptyCatalogExplainer } from './empty-catalog.explainer';

const keyCaller = (id: string): Principal => ({
  method: 'app-key',
  username: 'agent',
  identitySource: 'sso',
  roles: ['McpClient'],
  groups: [],
  sids: [],
  fullAdminClaim: false,
  appKey: { id, keyPrefix: `mcp-srv-files-${id}`, kind: 'app_key', scopes: ['server:files'] },
});

const outOfScope: AuthorizationDecision = {
  allowed: false,
  stage: 'scope',
  reason: 'no-matching-scope',
  message: 'AppKey rejected',
  explanation: { layer: 'scope', reason: 'scope-does-not-cover', hint: '', scopes: [] },
};

function explainerWithCatalog(tools: number) {
  const authorize = jest.fn(async () => outOfScope);
  const lists = {
    everywhere: async () => [
      { serverId: 'everything', items: Array.from({ length: tools }, (_, at) => ({ name: `tool_${at}` })) },
    ],
  } as unknown as BackendListsCache;
  const registry = { list: () => [{ source: 'api' }] } as unknown as ServerRegistry;
  const access = { authorize } as unknown as AccessControlService;
  return { explainer: new EmptyCatalogExplainer(lists, registry, access), authorize };
}

describe('EmptyCatalogExplainer', () => {
  it("names the caller's scopes when they cover none of the servers with tools", async () => {
    const { explainer } = explainerWithCatalog(3);
    expect(await explainer.explain(keyCaller('a'))).toBe(
      "No tools are available to you: your AppKey's scopes (server:files) cover none of the servers that " +
        'have tools. Use a key whose scopes name the server you need (server:<id>, category:<name>, ' +
        'tool:<server>__<tool>, or * for every server).',
    );
  });

  it('does not walk the catalog again for a caller who searches again within seconds', async () => {
    const { explainer, authorize } = explainerWithCatalog(1_000);
    const first = await explainer.explain(keyCaller('a'), 0);
    const passes = authorize.mock.calls.length;
    expect(passes).toBeGreaterThanOrEqual(1_000);
    expect(await explainer.explain(keyCaller('a'), 4_000)).toBe(first);
    expect(authorize.mock.calls.length).toBe(passes);
    await explainer.explain(keyCaller('b'), 4_000);
    expect(authorize.mock.calls.length).toBeGreaterThan(passes);
    const afterOther = authorize.mock.calls.length;
    await explainer.explain(keyCaller('a'), 6_000);
    expect(authorize.mock.calls.length).toBeGreaterThan(afterOther);
  });
});
