// Invariants of the index over random catalogs, visibility predicates, update sequences and queries.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { ToolCatalogEntry, ToolDefinition, ToolServerInfo } from '../catalog/tool-catalog.types';
import { ToolSearchIndex } from './tool-search.index';
import type { ToolSearchResponse } from './tool-search.types';

const VOCABULARY = [
  'list',
  'get',
  'create',
  'delete',
  'issue',
  'issues',
  'file',
  'files',
  'message',
  'channel',
  'repository',
  'branch',
  'user',
  'search',
  'read',
  'write',
  'deploy',
  'logs',
  'metric',
  'alert',
  'page',
  'task',
  'query',
] as const;
const SERVER_IDS = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'] as const;

type Server = readonly [ToolServerInfo, readonly ToolDefinition[]];

const toolArbitrary: fc.Arbitrary<ToolDefinition> = fc
  .record({
    words: fc.array(fc.constantFrom(...VOCABULARY), { minLength: 1, maxLength: 3 }),
    separator: fc.constantFrom('_', '-', ''),
    description: fc.array(fc.constantFrom(...VOCABULARY, 'the', 'a', 'of'), { maxLength: 8 }),
    parameters: fc.uniqueArray(fc.constantFrom(...VOCABULARY), { maxLength: 3 }),
  })
  .map(({ words, separator, description, parameters }) => ({
    name:
      separator === ''
        ? words.map((word, at) => (at === 0 ? word : word.toUpperCase())).join('')
        : words.join(separator),
    description: description.join(' '),
    inputSchema: {
      type: 'object',
      properties: Object.fromEntries(
        parameters.map((parameter) => [parameter, { type: 'string', description: `the ${parameter}` }]),
      ),
    },
  }));

const serverArbitrary = (id: string): fc.Arbitrary<Server> =>
  fc
    .record({
      categories: fc.subarray(['code', 'chat', 'ops']),
      tools: fc.array(toolArbitrary, { maxLength: 6 }),
    })
    .map(({ categories, tools }) => [{ id, displayName: id.toUpperCase(), categories }, tools] as const);

const catalogArbitrary: fc.Arbitrary<Server[]> = fc
  .subarray([...SERVER_IDS], { minLength: 1 })
  .chain((ids) => fc.tuple(...ids.map(serverArbitrary)));

const queryArbitrary = fc.oneof(
  fc
    .array(fc.constantFrom(...VOCABULARY, 'please', 'the', 'serch', 'isues', 'alpha', 'code'), {
      minLength: 1,
      maxLength: 4,
    })
    .map((words) => words.join(' ')),
  fc.string({ maxLength: 30 }),
);

/** Visibility decided per namespaced name by a random salt: a random predicate over the catalog. */
const visibilityArbitrary = fc
  .integer()
  .map((salt) => (entry: ToolCatalogEntry) => hash(`${salt}:${entry.namespacedName}`) % 3 !== 0);

function hash(text: string): number {
  let value = 7;
  for (let at = 0; at < text.length; at += 1) value = (Math.imul(value, 31) + text.charCodeAt(at)) >>> 0;
  return value;
}

function build(servers: readonly Server[]): ToolSearchIndex {
  const index = new ToolSearchIndex();
  for (const [server, tools] of servers) index.upsertServer(server, tools);
  return index;
}

const everyone = () => true;

describe('ToolSearchIndex invariants', () => {
  it('never returns a tool the visibility predicate rejects', () => {
    fc.assert(
      fc.property(
        catalogArbitrary,
        visibilityArbitrary,
        queryArbitrary,
        fc.integer({ min: 1, max: 25 }),
        (servers, isVisible, query, limit) => {
          const index = build(servers);
          const response = index.search(query, { isVisible, limit });
          const visible = index.entries().filter(isVisible).length;
          for (const hit of response.results) {
            expect(isVisible(index.getTool(hit.name) as ToolCatalogEntry)).toBe(true);
          }
          expect(response.totalMatches).toBeLessThanOrEqual(visible);
          const text = JSON.stringify(response);
          for (const hidden of index.entries().filter((entry) => !isVisible(entry))) {
            expect(text).not.toContain(`"${hidden.namespacedName}"`);
          }
        },
      ),
    );
  });

  it('searches exactly as an index holding only the visible tools would, scores included', () => {
    fc.assert(
      fc.property(catalogArbitrary, visibilityArbitrary, queryArbitrary, (servers, isVisible, query) => {
        const filtered = build(servers).search(query, { isVisible, limit: 25 });
        const visibleOnly = build(
          servers.map(([server, tools]) => {
            const entries = build([[server, tools]]).entries();
            const kept = new Set(entries.filter(isVisible).map((entry) => entry.name));
            return [server, tools.filter((candidate) => kept.has(candidate.name))] as const;
          }),
        ).search(query, { isVisible: everyone, limit: 25 });
        expect(filtered).toEqual(visibleOnly);
      }),
    );
  });

  it('ranks best first, breaks ties by server id then tool name, and honours the limit', () => {
    fc.assert(
      fc.property(
        catalogArbitrary,
        queryArbitrary,
        fc.integer({ min: 1, max: 25 }),
        (servers, query, limit) => {
          const { results, totalMatches } = build(servers).search(query, { isVisible: everyone, limit });
          expect(results.length).toBeLessThanOrEqual(limit);
          expect(totalMatches).toBeGreaterThanOrEqual(results.length);
          results.forEach((hit, at) => {
            expect(hit.score).toBeGreaterThan(0);
            const next = results[at + 1];
            if (next === undefined) return;
            expect(hit.score).toBeGreaterThanOrEqual(next.score);
            if (hit.score === next.score) {
              expect(
                hit.serverId < next.serverId || (hit.serverId === next.serverId && hit.name < next.name),
              ).toBe(true);
            }
          });
        },
      ),
    );
  });

  it('gives the same answer whatever order servers were added in', () => {
    fc.assert(
      fc.property(catalogArbitrary, queryArbitrary, (servers, query) => {
        const forward = build(servers).search(query, { isVisible: everyone, limit: 25 });
        const backward = build([...servers].reverse()).search(query, { isVisible: everyone, limit: 25 });
        expect(backward).toEqual(forward);
      }),
    );
  });

  it('after any sequence of upserts and removals, searches like an index rebuilt from scratch', () => {
    const operation = fc.oneof(
      fc
        .constantFrom(...SERVER_IDS)
        .chain((id) => serverArbitrary(id))
        .map((server) => ({ upsert: server })),
      fc.constantFrom(...SERVER_IDS).map((id) => ({ remove: id })),
    );
    fc.assert(
      fc.property(
        catalogArbitrary,
        fc.array(operation, { maxLength: 8 }),
        fc.array(queryArbitrary, { minLength: 1, maxLength: 3 }),
        (initial, operations, queries) => {
          const incremental = build(initial);
          const state = new Map(initial.map((server) => [server[0].id, server] as const));
          for (const step of operations) {
            if ('upsert' in step) {
              incremental.upsertServer(...step.upsert);
              state.set(step.upsert[0].id, step.upsert);
            } else {
              incremental.removeServer(step.remove);
              state.delete(step.remove);
            }
          }
          const rebuilt = build([...state.values()]);
          expect(incremental.entries()).toEqual(rebuilt.entries());
          for (const query of queries) {
            const responses: ToolSearchResponse[] = [incremental, rebuilt].map((index) =>
              index.search(query, { isVisible: everyone, limit: 25 }),
            );
            expect(responses[0]).toEqual(responses[1]);
          }
        },
      ),
    );
  });

  it('never throws on arbitrary queries and filters', () => {
    const index = build([
      [
        { id: 'alpha', categories: ['code'] },
        [{ name: 'list_issues', description: 'List issues.', inputSchema: {} }],
      ],
    ]);
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 200 }),
        fc.option(fc.string({ maxLength: 10 }), { nil: undefined }),
        (query, server) => {
          const response = index.search(query, {
            isVisible: everyone,
            ...(server === undefined ? {} : { server }),
          });
          expect(response.results.length === 0).toBe(response.empty !== undefined);
        },
      ),
    );
  });
});
