// The one authorization target of a backend item: named with the server id in every view, and
// read back by the same rules scopes and RBAC use to find its server (spec 2.1 extraction).
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { extractServerId, isValidServerId, splitNamespacedName } from '@platform/scopes';
import { authorizationTarget, splitNamespacedUri } from './namespacing';

const serverIds = fc
  .stringMatching(/^[a-z0-9][a-z0-9_-]{0,20}$/)
  .filter((id) => isValidServerId(id) && id !== 'router');
const names = fc.string({ minLength: 1, maxLength: 40 });

describe('authorizationTarget', () => {
  it('names tools and prompts <serverId>__<name>, which split back and extract to the server id', () => {
    fc.assert(
      fc.property(
        serverIds,
        names,
        fc.constantFrom('tools' as const, 'prompts' as const),
        (id, name, kind) => {
          const { target, serverId } = authorizationTarget({ serverId: id, kind, name });
          expect(serverId).toBe(id);
          expect(splitNamespacedName(target, [id])).toEqual({ serverId: id, name });
          expect(extractServerId(target)).toBe(id);
        },
      ),
    );
  });

  it('names resources and templates mcp://<serverId>/<uri>, which split back and extract to the server id', () => {
    fc.assert(
      fc.property(
        serverIds,
        names,
        fc.constantFrom('resources' as const, 'resourceTemplates' as const),
        (id, uri, kind) => {
          const { target, serverId } = authorizationTarget({ serverId: id, kind, name: uri });
          expect(serverId).toBe(id);
          expect(splitNamespacedUri(target, [id])).toEqual({ serverId: id, uri });
          expect(extractServerId(target)).toBe(id);
        },
      ),
    );
  });

  it("gives the router's logs of a server to that server, its own resources to the router", () => {
    expect(
      authorizationTarget({ serverId: 'router', kind: 'resources', name: 'logs://files/recent' }),
    ).toEqual({
      target: 'logs://files/recent',
      serverId: 'files',
    });
    expect(authorizationTarget({ serverId: 'router', kind: 'resources', name: 'router://status' })).toEqual({
      target: 'router://status',
      serverId: 'router',
    });
  });
});
