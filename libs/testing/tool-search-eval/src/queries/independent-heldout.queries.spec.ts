import { describe, expect, it } from '@jest/globals';
import { catalogAtScale } from '../catalog/catalogs';
import { namespacedNames } from '../catalog/eval-catalog.types';
import { FRESH_TUNING_QUERIES } from './fresh-tuning.queries';
import { INDEPENDENT_HELDOUT_QUERIES } from './independent-heldout.queries';
import { LABELED_QUERIES } from './labeled-queries';
import { splitOf } from './labeled-query';

const queries = INDEPENDENT_HELDOUT_QUERIES;
const catalog = catalogAtScale(1_000);
const toolNames = namespacedNames(catalog);
const serverIds = new Set(catalog.servers.map((server) => server.id));

function serverOf(toolName: string): string {
  return toolName.slice(0, toolName.indexOf('__'));
}

/** Entries that occur more than once, so a failure names the culprits. */
function duplicates(values: readonly string[]): string[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    if (seen.has(value)) return true;
    seen.add(value);
    return false;
  });
}

describe('independent held-out queries', () => {
  it('has 160 queries with unique, prefixed ids and unique texts', () => {
    expect(queries).toHaveLength(160);
    expect(duplicates(queries.map((query) => query.id))).toEqual([]);
    expect(duplicates(queries.map((query) => query.query.toLowerCase()))).toEqual([]);
    expect(queries.filter((query) => !query.id.startsWith('indep-')).map((query) => query.id)).toEqual([]);
  });

  it('labels every query with existing, distinct tools', () => {
    for (const query of queries) {
      expect({ id: query.id, hasAnswers: query.answers.length > 0 }).toEqual({
        id: query.id,
        hasAnswers: true,
      });
      expect({ id: query.id, unknown: query.answers.filter((answer) => !toolNames.has(answer)) }).toEqual({
        id: query.id,
        unknown: [],
      });
      expect({ id: query.id, repeated: duplicates(query.answers) }).toEqual({ id: query.id, repeated: [] });
    }
  });

  it('keeps server-filter answers inside an existing server', () => {
    const filtered = queries.filter((query) => query.server !== undefined);
    expect(filtered.length).toBeGreaterThanOrEqual(15);
    for (const query of filtered) {
      expect({ id: query.id, known: serverIds.has(query.server ?? '') }).toEqual({
        id: query.id,
        known: true,
      });
      expect({
        id: query.id,
        outside: query.answers.filter((answer) => serverOf(answer) !== query.server),
      }).toEqual({ id: query.id, outside: [] });
    }
  });

  it('answers queries that name a product from exactly one server', () => {
    for (const query of queries.filter((candidate) => candidate.serverHint)) {
      expect({ id: query.id, servers: [...new Set(query.answers.map(serverOf))].length }).toEqual({
        id: query.id,
        servers: 1,
      });
    }
  });

  it('is entirely held out', () => {
    expect(queries.filter((query) => query.split !== 'heldout' || splitOf(query) !== 'heldout')).toEqual([]);
  });

  it('is mostly open queries with neither a named product nor a server filter', () => {
    const open = queries.filter((query) => !query.serverHint && query.server === undefined);
    expect(open.length).toBeGreaterThanOrEqual(90);
  });

  it('shares no id or text with the other query sets', () => {
    const others = [...LABELED_QUERIES, ...FRESH_TUNING_QUERIES];
    const otherIds = new Set(others.map((query) => query.id));
    const otherTexts = new Set(others.map((query) => query.query.toLowerCase()));
    expect(queries.filter((query) => otherIds.has(query.id)).map((query) => query.id)).toEqual([]);
    expect(
      queries.filter((query) => otherTexts.has(query.query.toLowerCase())).map((query) => query.id),
    ).toEqual([]);
  });
});
