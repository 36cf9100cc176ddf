import { describe, expect, it } from '@jest/globals';
import { catalogAtScale } from '../catalog/catalogs';
import { FRESH_TUNING_QUERIES } from './fresh-tuning.queries';
import { INDEPENDENT_HELDOUT_QUERIES } from './independent-heldout.queries';
import { LABELED_QUERIES } from './labeled-queries';
import { describeQuerySet } from './query-set.spec-helpers';
import { THIRD_TUNING_QUERIES } from './third-tuning.queries';

describeQuerySet({
  name: 'fresh tuning queries',
  queries: FRESH_TUNING_QUERIES,
  size: 160,
  idPrefix: 'fresh-',
  split: 'tune',
  others: [...LABELED_QUERIES, ...INDEPENDENT_HELDOUT_QUERIES, ...THIRD_TUNING_QUERIES],
  minOpen: 81,
  minFiltered: 15,
});

describe('the fresh tuning query set', () => {
  const catalog = catalogAtScale(1_000);

  it('mixes single- and multi-answer queries, with and without server hints', () => {
    const count = (predicate: (query: (typeof FRESH_TUNING_QUERIES)[number]) => boolean) =>
      FRESH_TUNING_QUERIES.filter(predicate).length;
    const total = FRESH_TUNING_QUERIES.length;
    expect(count((query) => query.answers.length > 1)).toBeGreaterThan(total * 0.3);
    expect(count((query) => query.answers.length === 1)).toBeGreaterThan(total * 0.5);
    expect(count((query) => query.serverHint || query.server !== undefined)).toBeGreaterThan(total * 0.3);
    expect(count((query) => !query.serverHint && query.server === undefined)).toBeGreaterThan(total * 0.5);
  });

  it('spreads over the catalog: many servers, at most four queries per tool', () => {
    const perTool = new Map<string, number>();
    for (const query of FRESH_TUNING_QUERIES) {
      for (const answer of query.answers) perTool.set(answer, (perTool.get(answer) ?? 0) + 1);
    }
    expect([...perTool].filter(([, uses]) => uses > 4)).toEqual([]);
    const servers = new Set([...perTool.keys()].map((answer) => answer.split('__')[0]));
    for (const reference of ['everything', 'filesystem', 'memory', 'sequential-thinking']) {
      expect(servers.has(reference)).toBe(true);
    }
    expect(servers.size).toBeGreaterThan(60);
  });

  it('does not copy tool descriptions into queries', () => {
    const descriptions = catalog.servers.flatMap((server) =>
      server.tools.map((tool) => (tool.description ?? '').toLowerCase()),
    );
    for (const query of FRESH_TUNING_QUERIES) {
      const text = query.query.toLowerCase();
      if (text.split(/\s+/).length < 4) continue;
      expect(descriptions.some((description) => description.includes(text))).toBe(false);
    }
  });
});
