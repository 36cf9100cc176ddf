import { describe, expect, it } from '@jest/globals';
import { isValidServerId } from '@platform/scopes';
import { allQuerySets } from '../queries/query-sets';
import { catalogAtScale, EVAL_SEED, referenceCatalog, syntheticCoreCatalog } from './catalogs';
import { toolCount } from './eval-catalog.types';
import { fillerServers } from './filler-servers';

describe('evaluation catalogs', () => {
  it('holds the real tool lists of the four reference servers', () => {
    const reference = referenceCatalog();
    expect(reference.servers.map((server) => server.id)).toEqual([
      'everything',
      'filesystem',
      'memory',
      'sequential-thinking',
    ]);
    const names = reference.servers.flatMap((server) =>
      server.tools.map((tool) => `${server.id}__${tool.name}`),
    );
    expect(names).toEqual(
      expect.arrayContaining([
        'everything__get-sum',
        'filesystem__read_text_file',
        'memory__search_nodes',
        'sequential-thinking__sequentialthinking',
      ]),
    );
  });

  it('generates a synthetic core of at least 1,000 tools on at least 40 servers, the same on every run', () => {
    const core = syntheticCoreCatalog();
    expect(toolCount(core)).toBeGreaterThanOrEqual(1_000);
    expect(core.servers.length).toBeGreaterThanOrEqual(40);
    expect(syntheticCoreCatalog()).toEqual(core);
    expect(syntheticCoreCatalog(EVAL_SEED + 1)).not.toEqual(core);
  });

  it('has near-duplicate tool names across servers', () => {
    const servers = new Map<string, number>();
    for (const server of syntheticCoreCatalog().servers) {
      for (const tool of server.tools) servers.set(tool.name, (servers.get(tool.name) ?? 0) + 1);
    }
    expect(servers.get('list_issues')).toBeGreaterThanOrEqual(3);
    expect(servers.get('search')).toBeGreaterThanOrEqual(2);
    expect(servers.get('search_files')).toBeGreaterThanOrEqual(3);
  });

  it.each([100, 1_000, 5_000] as const)('builds the %i-tool variant with valid, unique names', (scale) => {
    const catalog = catalogAtScale(scale);
    const count = toolCount(catalog);
    expect(count).toBeGreaterThanOrEqual(scale);
    expect(count).toBeLessThan(scale * 1.2);
    expect(new Set(catalog.servers.map((server) => server.id)).size).toBe(catalog.servers.length);
    for (const server of catalog.servers) {
      expect(isValidServerId(server.id)).toBe(true);
      expect(new Set(server.tools.map((tool) => tool.name)).size).toBe(server.tools.length);
    }
  });

  it('keeps filler servers away from every labelled answer', () => {
    const filler = new Set(fillerServers(EVAL_SEED, 1_000).map((server) => server.id));
    for (const query of allQuerySets().flatMap((set) => set.queries)) {
      for (const answer of query.answers) expect(filler.has(answer.split('__')[0] as string)).toBe(false);
    }
  });
});
