// Routing and scope checks must name the same server for every `<serverId>__<name>`: the gateway
// routes with splitNamespacedName over the registered ids, and a `server:` scope is matched with
// extractServerId. Ids here may contain `_` and `__` (which registration refuses) to show that
// even then a scope never reaches a server other than the one the call goes to.
import fc from 'fast-check';
import { namespacedName, splitNamespacedName } from './namespaced-name';
import { decideScopeAccess } from './scope-access.policy';
import { extractServerId } from './server-id.extractor';
import { isValidServerId } from './server-id.validator';

const anyIds = fc.uniqueArray(fc.stringMatching(/^[a-z0-9_]{1,8}$/), { minLength: 1, maxLength: 6 });
const validIds = fc.uniqueArray(
  fc.stringMatching(/^[a-z0-9_]{1,8}$/).filter((id) => isValidServerId(id)),
  { minLength: 1, maxLength: 6 },
);
const toolNames = fc.stringMatching(/^[a-z0-9_]{1,12}$/);

/** A registered id list and a name some registered id prefixes. */
function registeredCall(ids: fc.Arbitrary<string[]>) {
  return ids.chain((registered) =>
    fc.record({
      registered: fc.constant(registered),
      name: fc.tuple(fc.constantFrom(...registered), toolNames).map(([id, tool]) => namespacedName(id, tool)),
    }),
  );
}

const noCategories = { categoriesOf: () => [] };

describe('splitNamespacedName', () => {
  it.each([
    ['media__search', ['media'], { serverId: 'media', name: 'search' }],
    ['my_server__search', ['my', 'my_server'], { serverId: 'my_server', name: 'search' }],
    ['a__b__c', ['a', 'a__b'], { serverId: 'a__b', name: 'c' }],
    ['a__b__c', undefined, { serverId: 'a', name: 'b__c' }],
    ['a___c', undefined, { serverId: 'a', name: '_c' }],
  ])('splits %p over %p', (name, ids, split) => {
    expect(splitNamespacedName(name, ids)).toEqual(split);
  });

  it.each([
    ['media__', ['media']],
    ['media__', undefined],
    ['__search', undefined],
    ['search', undefined],
    ['other__search', ['media']],
  ])('finds no server in %p over %p', (name, ids) => {
    expect(splitNamespacedName(name, ids)).toBeUndefined();
  });

  it('splits as routing does without the registry whenever the registered ids are well formed', () => {
    fc.assert(
      fc.property(registeredCall(validIds), ({ registered, name }) => {
        expect(splitNamespacedName(name)).toEqual(splitNamespacedName(name, registered));
      }),
    );
  });
});

describe('scope extraction and routing', () => {
  it('extract the server a call is routed to, or none when that id could not be scoped', () => {
    fc.assert(
      fc.property(registeredCall(anyIds), ({ registered, name }) => {
        const routed = splitNamespacedName(name, registered)?.serverId;
        const extracted = extractServerId(name, { serverIds: registered });
        expect(extracted).toBe(isValidServerId(routed) ? routed : undefined);
      }),
    );
  });

  it('agree without the registry for every registrable id', () => {
    fc.assert(
      fc.property(registeredCall(validIds), ({ registered, name }) => {
        expect(extractServerId(name)).toBe(splitNamespacedName(name, registered)?.serverId);
      }),
    );
  });

  it('never find with the registry a server the scope check without it would not', () => {
    fc.assert(
      fc.property(registeredCall(anyIds), ({ registered, name }) => {
        const withRegistry = extractServerId(name, { serverIds: registered });
        if (withRegistry !== undefined) expect(withRegistry).toBe(extractServerId(name));
      }),
    );
  });

  it('let a server scope reach a call only on the server the call is routed to', () => {
    fc.assert(
      fc.property(registeredCall(anyIds), ({ registered, name }) => {
        const routed = splitNamespacedName(name, registered)?.serverId;
        const context = { ...noCategories, serverIds: registered };
        for (const id of registered.filter(isValidServerId)) {
          const decision = decideScopeAccess(
            [`server:${id}`],
            { method: 'tools/call', target: name },
            context,
          );
          expect(decision.allowed).toBe(id === routed);
        }
      }),
    );
  });
});
