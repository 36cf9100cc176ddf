import { describe, expect, it } from '@jest/globals';
import { catalogAtScale } from '../catalog/catalogs';
import { namespacedNames } from '../catalog/eval-catalog.types';
import { FRESH_TUNING_QUERIES } from './fresh-tuning.queries';
import { LABELED_QUERIES } from './labeled-queries';
import { splitOf } from './labeled-query';

describe('the fresh tuning query set', () => {
  const catalog = catalogAtScale(1_000);
  const tools = namespacedNames(catalog);

  it('has 160 queries with unique ids and texts, all ids prefixed fresh-', () => {
    expect(FRESH_TUNING_QUERIES).toHaveLength(160);
    expect(new Set(FRESH_TUNING_QUERIES.map((query) => query.id)).size).toBe(FRESH_TUNING_QUERIES.length);
    const texts = FRESH_TUNING_QUERIES.map((query) => query.query.toLowerCase());
    expect(new Set(texts).size).toBe(texts.length);
    expect(FRESH_TUNING_QUERIES.filter((query) => !query.id.startsWith('fresh-'))).toEqual([]);
  });

  it('shares no id or text with the labelled query set', () => {
    const ids = new Set(LABELED_QUERIES.map((query) => query.id));
    const texts = new Set(LABELED_QUERIES.map((query) => query.query.toLowerCase()));
    const colliding = FRESH_TUNING_QUERIES.filter(
      (query) => ids.has(query.id) || texts.has(query.query.toLowerCase()),
    ).map((query) => query.id);
    expect(colliding).toEqual([]);
  });

  it('labels only tools that exist in the 1,000-tool catalog, without repeats', () => {
    const missing = FRESH_TUNING_QUERIES.flatMap((query) =>
      query.answers.filter((answer) => !tools.has(answer)).map((answer) => `${query.id}: ${answer}`),
    );
    expect(missing).toEqual([]);
    for (const query of FRESH_TUNING_QUERIES) {
      expect(query.answers.length).toBeGreaterThan(0);
      expect(new Set(query.answers).size).toBe(query.answers.length);
    }
  });

  it('labels only tools of the filter server when a query uses the server filter', () => {
    const filtered = FRESH_TUNING_QUERIES.filter((query) => query.server !== undefined);
    expect(filtered.length).toBeGreaterThanOrEqual(15);
    for (const query of filtered) {
      expect(catalog.servers.some((server) => server.id === query.server)).toBe(true);
      const foreign = query.answers.filter((answer) => answer.split('__')[0] !== query.server);
      expect(foreign).toEqual([]);
    }
  });

  it('labels only the named server when a query names its product', () => {
    for (const query of FRESH_TUNING_QUERIES.filter((candidate) => candidate.serverHint)) {
      expect(new Set(query.answers.map((answer) => answer.split('__')[0])).size).toBe(1);
    }
  });

  it('puts every query in the tune split', () => {
    expect(FRESH_TUNING_QUERIES.filter((query) => query.split !== 'tune').map((query) => query.id)).toEqual(
      [],
    );
    expect(
      FRESH_TUNING_QUERIES.filter((query) => splitOf(query) !== 'tune').map((query) => query.id),
    ).toEqual([]);
  });

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
