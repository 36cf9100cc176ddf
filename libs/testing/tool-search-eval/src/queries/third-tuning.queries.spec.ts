import { describe, expect, it } from '@jest/globals';
import { catalogAtScale } from '../catalog/catalogs';
import { namespacedNames } from '../catalog/eval-catalog.types';
import { FRESH_TUNING_QUERIES } from './fresh-tuning.queries';
import { INDEPENDENT_HELDOUT_QUERIES } from './independent-heldout.queries';
import { LABELED_QUERIES } from './labeled-queries';
import { splitOf } from './labeled-query';
import { THIRD_TUNING_QUERIES } from './third-tuning.queries';

const catalog = catalogAtScale(1_000);
const toolNames = namespacedNames(catalog);
const serverIds = new Set(catalog.servers.map((server) => server.id));

function serverOf(toolName: string): string {
  return toolName.slice(0, toolName.indexOf('__'));
}

const open = THIRD_TUNING_QUERIES.filter((query) => !query.serverHint && query.server === undefined);
const filtered = THIRD_TUNING_QUERIES.filter((query) => query.server !== undefined);
const named = THIRD_TUNING_QUERIES.filter((query) => query.serverHint);

describe('THIRD_TUNING_QUERIES', () => {
  it('holds 160 queries, at least 90 of them without hint or server filter', () => {
    expect(THIRD_TUNING_QUERIES).toHaveLength(160);
    expect(open.length).toBeGreaterThanOrEqual(90);
  });

  it('has unique ids with the third- prefix and unique texts', () => {
    const ids = THIRD_TUNING_QUERIES.map((query) => query.id);
    expect(ids.filter((id) => !id.startsWith('third-'))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const texts = THIRD_TUNING_QUERIES.map((query) => query.query.toLowerCase());
    expect(new Set(texts).size).toBe(texts.length);
  });

  // Only ids and texts are compared; failures name this set's queries, never the others'.
  it('shares no id or text with the other query sets', () => {
    const others = [...LABELED_QUERIES, ...FRESH_TUNING_QUERIES, ...INDEPENDENT_HELDOUT_QUERIES];
    const otherIds = new Set(others.map((query) => query.id));
    const otherTexts = new Set(others.map((query) => query.query.toLowerCase()));
    const collisions = THIRD_TUNING_QUERIES.filter(
      (query) => otherIds.has(query.id) || otherTexts.has(query.query.toLowerCase()),
    ).map((query) => query.id);
    expect(collisions).toEqual([]);
  });

  it('labels every query with existing, distinct tools', () => {
    for (const query of THIRD_TUNING_QUERIES) {
      expect(query.answers.length).toBeGreaterThanOrEqual(1);
      expect(new Set(query.answers).size).toBe(query.answers.length);
      expect(query.answers.filter((answer) => !toolNames.has(answer))).toEqual([]);
    }
  });

  it('filters on existing servers, with at least 15 such queries answered only by that server', () => {
    expect(filtered.length).toBeGreaterThanOrEqual(15);
    for (const query of filtered) {
      expect(serverIds.has(query.server ?? '')).toBe(true);
      expect(query.answers.filter((answer) => serverOf(answer) !== query.server)).toEqual([]);
    }
  });

  it('answers every query that names a product from exactly one server', () => {
    for (const query of named) {
      expect(new Set(query.answers.map(serverOf)).size).toBe(1);
    }
  });

  it('puts every query in the tune split explicitly', () => {
    for (const query of THIRD_TUNING_QUERIES) {
      expect(query.split).toBe('tune');
      expect(splitOf(query)).toBe('tune');
    }
  });
});
