import { describe, expect, it } from '@jest/globals';
import { catalogAtScale } from '../catalog/catalogs';
import { namespacedNames } from '../catalog/eval-catalog.types';
import { splitOf } from './labeled-query';
import { LABELED_QUERIES, restrictToCatalog } from './labeled-queries';

describe('the labelled query set', () => {
  const catalog = catalogAtScale(1_000);
  const tools = namespacedNames(catalog);

  it('has at least 150 queries with unique ids and texts', () => {
    expect(LABELED_QUERIES.length).toBeGreaterThanOrEqual(150);
    expect(new Set(LABELED_QUERIES.map((query) => query.id)).size).toBe(LABELED_QUERIES.length);
    const texts = LABELED_QUERIES.map((query) => `${query.query}|${query.server ?? ''}`);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('labels only tools that exist in the 1,000-tool catalog, without repeats', () => {
    const missing = LABELED_QUERIES.flatMap((query) =>
      query.answers.filter((answer) => !tools.has(answer)).map((answer) => `${query.id}: ${answer}`),
    );
    expect(missing).toEqual([]);
    for (const query of LABELED_QUERIES) expect(new Set(query.answers).size).toBe(query.answers.length);
  });

  it('labels only tools of the filter server when a query uses the server filter', () => {
    for (const query of LABELED_QUERIES.filter((candidate) => candidate.server !== undefined)) {
      const server = query.server as string;
      const allowed = new Set(
        catalog.servers
          .filter((candidate) => candidate.id === server || candidate.categories.includes(server))
          .map((candidate) => candidate.id),
      );
      for (const answer of query.answers) expect(allowed.has(answer.split('__')[0] as string)).toBe(true);
    }
  });

  it('mixes single- and multi-answer queries, with and without server hints, in both splits', () => {
    for (const split of ['tune', 'heldout'] as const) {
      const queries = LABELED_QUERIES.filter((query) => splitOf(query) === split);
      expect(queries.length).toBeGreaterThan(LABELED_QUERIES.length * 0.4);
      expect(queries.filter((query) => query.answers.length > 1).length).toBeGreaterThan(10);
      expect(queries.filter((query) => query.answers.length === 1).length).toBeGreaterThan(10);
      expect(
        queries.filter((query) => query.serverHint || query.server !== undefined).length,
      ).toBeGreaterThan(10);
      expect(
        queries.filter((query) => !query.serverHint && query.server === undefined).length,
      ).toBeGreaterThan(10);
    }
  });

  it('does not copy tool descriptions into queries', () => {
    const descriptions = catalog.servers.flatMap((server) =>
      server.tools.map((tool) => (tool.description ?? '').toLowerCase()),
    );
    for (const query of LABELED_QUERIES) {
      const text = query.query.toLowerCase();
      if (text.split(/\s+/).length < 4) continue;
      expect(descriptions.some((description) => description.includes(text))).toBe(false);
    }
  });

  it('restricts answers to a smaller catalog and drops queries without any', () => {
    const small = namespacedNames(catalogAtScale(100));
    const restricted = LABELED_QUERIES.flatMap((query) => restrictToCatalog(query, small) ?? []);
    expect(restricted.length).toBeGreaterThan(40);
    expect(restricted.length).toBeLessThan(LABELED_QUERIES.length);
    for (const query of restricted) expect(query.answers.every((answer) => small.has(answer))).toBe(true);
  });
});
