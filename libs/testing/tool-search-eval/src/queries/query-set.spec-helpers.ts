// The invariants every labelled query set keeps, as one suite each set's spec runs: its size, unique
// prefixed ids and texts, labels that name existing and distinct tools, server filters and named
// products answered inside one server, the declared split, a majority of open queries, and no id or
// text shared with the other sets (compared, never printed: a failure names this set's ids only).
import { describe, expect, it } from '@jest/globals';
import { catalogAtScale } from '../catalog/catalogs';
import { namespacedNames } from '../catalog/eval-catalog.types';
import { type LabeledQuery, type QuerySplit, splitOf } from './labeled-query';

export interface QuerySetExpectations {
  readonly name: string;
  readonly queries: readonly LabeledQuery[];
  readonly size: number;
  readonly idPrefix: string;
  readonly split: QuerySplit;
  /** The other sets, for the collision check. */
  readonly others: readonly LabeledQuery[];
  /** At least this many queries name no product and use no server filter. */
  readonly minOpen: number;
  /** At least this many queries use the server filter. */
  readonly minFiltered: number;
}

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

export function describeQuerySet(expected: QuerySetExpectations): void {
  const { queries } = expected;
  const catalog = catalogAtScale(1_000);
  const toolNames = namespacedNames(catalog);
  const serverIds = new Set(catalog.servers.map((server) => server.id));

  describe(`${expected.name}: invariants of a labelled query set`, () => {
    it(`has ${expected.size} queries with unique, prefixed ids and unique texts`, () => {
      expect(queries).toHaveLength(expected.size);
      expect(duplicates(queries.map((query) => query.id))).toEqual([]);
      expect(duplicates(queries.map((query) => query.query.toLowerCase()))).toEqual([]);
      expect(
        queries.filter((query) => !query.id.startsWith(expected.idPrefix)).map((query) => query.id),
      ).toEqual([]);
    });

    it('labels every query with existing, distinct tools', () => {
      const problems = queries.flatMap((query) => [
        ...(query.answers.length === 0 ? [`${query.id}: no answers`] : []),
        ...query.answers.filter((answer) => !toolNames.has(answer)).map((answer) => `${query.id}: ${answer}`),
        ...duplicates(query.answers).map((answer) => `${query.id}: ${answer} twice`),
      ]);
      expect(problems).toEqual([]);
    });

    it('keeps server-filter answers inside an existing server', () => {
      const filtered = queries.filter((query) => query.server !== undefined);
      expect(filtered.length).toBeGreaterThanOrEqual(expected.minFiltered);
      const problems = filtered.flatMap((query) => [
        ...(serverIds.has(query.server ?? '') ? [] : [`${query.id}: unknown server ${query.server}`]),
        ...query.answers
          .filter((answer) => serverOf(answer) !== query.server)
          .map((answer) => `${query.id}: ${answer}`),
      ]);
      expect(problems).toEqual([]);
    });

    it('answers queries that name a product from exactly one server', () => {
      const spread = queries
        .filter((query) => query.serverHint && new Set(query.answers.map(serverOf)).size !== 1)
        .map((query) => query.id);
      expect(spread).toEqual([]);
    });

    it(`puts every query in the ${expected.split} split, explicitly`, () => {
      expect(
        queries
          .filter((query) => query.split !== expected.split || splitOf(query) !== expected.split)
          .map((query) => query.id),
      ).toEqual([]);
    });

    it('is mostly open queries with neither a named product nor a server filter', () => {
      const open = queries.filter((query) => !query.serverHint && query.server === undefined);
      expect(open.length).toBeGreaterThanOrEqual(expected.minOpen);
    });

    it('shares no id or text with the other query sets', () => {
      const otherIds = new Set(expected.others.map((query) => query.id));
      const otherTexts = new Set(expected.others.map((query) => query.query.toLowerCase()));
      const collisions = queries
        .filter((query) => otherIds.has(query.id) || otherTexts.has(query.query.toLowerCase()))
        .map((query) => query.id);
      expect(collisions).toEqual([]);
    });
  });
}
