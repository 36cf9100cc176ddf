// The labelled query sets, one table row per set: what every set keeps (labels that name existing,
// distinct tools; no id or text shared with another set; no copied tool descriptions; the count the
// README states), the rules of the sets written to a brief (size, id prefix, declared split, server
// filters and named products answered inside one server, mostly open queries), what the headline and
// jargon sets were written to show, and how the loader refuses a malformed record.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { catalogAtScale } from '../catalog/catalogs';
import { namespacedNames } from '../catalog/eval-catalog.types';
import { repositoryRoot } from '../repository-root';
import { type LabeledQuery, type QuerySplit, restrictToCatalog, splitOf } from './labeled-query';
import {
  allQuerySets,
  parseAnswerGroups,
  parseQuerySet,
  QUERY_SET_NAMES,
  querySet,
  type QuerySetName,
} from './query-sets';

const README = 'libs/testing/tool-search-eval/README.md';

/** The rules a set written to a brief keeps; the headline set predates them (see its own block). */
interface BriefRules {
  readonly name: QuerySetName;
  readonly size: number;
  readonly idPrefix: string;
  readonly split: QuerySplit;
  /** At least this many queries name no product and use no server filter. */
  readonly minOpen: number;
  /** At least this many queries use the server filter. */
  readonly minFiltered: number;
}

const WRITTEN_TO_A_BRIEF: readonly BriefRules[] = [
  {
    name: 'independent-heldout',
    size: 160,
    idPrefix: 'indep-',
    split: 'heldout',
    minOpen: 90,
    minFiltered: 15,
  },
  { name: 'jargon-tuning', size: 160, idPrefix: 'fresh-', split: 'tune', minOpen: 81, minFiltered: 15 },
  { name: 'verbose-tuning', size: 160, idPrefix: 'third-', split: 'tune', minOpen: 90, minFiltered: 15 },
  { name: 'mid-task-tuning', size: 160, idPrefix: 'fourth-', split: 'tune', minOpen: 90, minFiltered: 15 },
  { name: 'paraphrase-tuning', size: 160, idPrefix: 'fifth-', split: 'tune', minOpen: 90, minFiltered: 15 },
  {
    name: 'fragments-and-plans-tuning',
    size: 160,
    idPrefix: 'sixth-',
    split: 'tune',
    minOpen: 90,
    minFiltered: 15,
  },
];

const catalog = catalogAtScale(1_000);
const toolNames = namespacedNames(catalog);
const serverIds = new Set(catalog.servers.map((server) => server.id));
const descriptions = catalog.servers.flatMap((server) =>
  server.tools.map((tool) => (tool.description ?? '').toLowerCase()),
);

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

/** The query count the README's table states for a set (or for `all`). */
function readmeCount(row: string): number | undefined {
  const readme = readFileSync(join(repositoryRoot(), README), 'utf8');
  const line = readme.split('\n').find((candidate) => candidate.startsWith(`| \`${row}\` |`));
  const cell = line?.split('|')[3]?.trim().replace(/,/g, '');
  return cell === undefined ? undefined : Number(cell);
}

describe.each(QUERY_SET_NAMES)('query set %s', (name) => {
  const { queries } = querySet(name);

  it('labels every query with tools of the 1,000-tool catalog, each once', () => {
    const problems = queries.flatMap((query) => [
      ...query.answers.filter((answer) => !toolNames.has(answer)).map((answer) => `${query.id}: ${answer}`),
      ...duplicates(query.answers).map((answer) => `${query.id}: ${answer} twice`),
    ]);
    expect(problems).toEqual([]);
  });

  // Compared, never printed: a failure names this set's ids only.
  it('shares no id or text with the other query sets', () => {
    const others = allQuerySets()
      .filter((set) => set.name !== name)
      .flatMap((set) => set.queries);
    const otherIds = new Set(others.map((query) => query.id));
    const otherTexts = new Set(others.map((query) => query.query.toLowerCase()));
    const collisions = queries
      .filter((query) => otherIds.has(query.id) || otherTexts.has(query.query.toLowerCase()))
      .map((query) => query.id);
    expect(collisions).toEqual([]);
  });

  it('does not copy tool descriptions into queries', () => {
    const copied = queries
      .filter((query) => query.query.split(/\s+/).length >= 4)
      .filter((query) => descriptions.some((description) => description.includes(query.query.toLowerCase())))
      .map((query) => query.id);
    expect(copied).toEqual([]);
  });

  it('has as many queries as the README says', () => {
    expect(readmeCount(name)).toBe(queries.length);
  });
});

it('the README states the total number of labelled queries', () => {
  expect(readmeCount('all')).toBe(allQuerySets().reduce((sum, set) => sum + set.queries.length, 0));
});

describe.each(WRITTEN_TO_A_BRIEF)('query set $name, written to a brief', (rules) => {
  const { queries, split } = querySet(rules.name);

  it(`has ${rules.size} queries with unique, prefixed ids and unique texts`, () => {
    expect(queries).toHaveLength(rules.size);
    expect(duplicates(queries.map((query) => query.query.toLowerCase()))).toEqual([]);
    expect(queries.filter((query) => !query.id.startsWith(rules.idPrefix)).map((query) => query.id)).toEqual(
      [],
    );
  });

  it('keeps server-filter answers inside an existing server', () => {
    const filtered = queries.filter((query) => query.server !== undefined);
    expect(filtered.length).toBeGreaterThanOrEqual(rules.minFiltered);
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

  it(`puts every query in the ${rules.split} split, explicitly`, () => {
    expect(split).toBe(rules.split);
    expect(
      queries
        .filter((query) => query.split !== rules.split || splitOf(query) !== rules.split)
        .map((query) => query.id),
    ).toEqual([]);
  });

  it('is mostly open queries with neither a named product nor a server filter', () => {
    const open = queries.filter((query) => !query.serverHint && query.server === undefined);
    expect(open.length).toBeGreaterThanOrEqual(rules.minOpen);
  });
});

describe('the headline set (split by id hash)', () => {
  const { queries, split } = querySet('headline');

  it('has at least 150 queries with unique ids and texts, split by id hash', () => {
    expect(split).toBe('by-id');
    expect(queries.length).toBeGreaterThanOrEqual(150);
    expect(duplicates(queries.map((query) => query.id))).toEqual([]);
    expect(duplicates(queries.map((query) => `${query.query}|${query.server ?? ''}`))).toEqual([]);
    expect(queries.filter((query) => query.split !== undefined).map((query) => query.id)).toEqual([]);
  });

  it('labels only tools of the filter server (or of servers in that category) when a query uses the filter', () => {
    const problems = queries
      .filter((query) => query.server !== undefined)
      .flatMap((query) => {
        const allowed = new Set(
          catalog.servers
            .filter((server) => server.id === query.server || server.categories.includes(query.server ?? ''))
            .map((server) => server.id),
        );
        return query.answers
          .filter((answer) => !allowed.has(serverOf(answer)))
          .map((answer) => `${query.id}: ${answer}`);
      });
    expect(problems).toEqual([]);
  });

  it('mixes single- and multi-answer queries, with and without server hints, in both splits', () => {
    for (const half of ['tune', 'heldout'] as const) {
      const inHalf = queries.filter((query) => splitOf(query) === half);
      expect(inHalf.length).toBeGreaterThan(queries.length * 0.4);
      expect(inHalf.filter((query) => query.answers.length > 1).length).toBeGreaterThan(10);
      expect(inHalf.filter((query) => query.answers.length === 1).length).toBeGreaterThan(10);
      expect(inHalf.filter((query) => query.serverHint || query.server !== undefined).length).toBeGreaterThan(
        10,
      );
      expect(
        inHalf.filter((query) => !query.serverHint && query.server === undefined).length,
      ).toBeGreaterThan(10);
    }
  });

  it('restricts answers to a smaller catalog and drops queries without any', () => {
    const small = namespacedNames(catalogAtScale(100));
    const restricted = queries.flatMap((query) => restrictToCatalog(query, small) ?? []);
    expect(restricted.length).toBeGreaterThan(40);
    expect(restricted.length).toBeLessThan(queries.length);
    for (const query of restricted) expect(query.answers.every((answer) => small.has(answer))).toBe(true);
  });
});

describe('the jargon tuning set', () => {
  const { queries } = querySet('jargon-tuning');
  const count = (predicate: (query: LabeledQuery) => boolean) => queries.filter(predicate).length;

  it('mixes single- and multi-answer queries, with and without server hints', () => {
    expect(count((query) => query.answers.length > 1)).toBeGreaterThan(queries.length * 0.3);
    expect(count((query) => query.answers.length === 1)).toBeGreaterThan(queries.length * 0.5);
    expect(count((query) => query.serverHint || query.server !== undefined)).toBeGreaterThan(
      queries.length * 0.3,
    );
    expect(count((query) => !query.serverHint && query.server === undefined)).toBeGreaterThan(
      queries.length * 0.5,
    );
  });

  it('spreads over the catalog: many servers, at most four queries per tool', () => {
    const perTool = new Map<string, number>();
    for (const query of queries) {
      for (const answer of query.answers) perTool.set(answer, (perTool.get(answer) ?? 0) + 1);
    }
    expect([...perTool].filter(([, uses]) => uses > 4)).toEqual([]);
    const servers = new Set([...perTool.keys()].map(serverOf));
    for (const reference of ['everything', 'filesystem', 'memory', 'sequential-thinking']) {
      expect(servers.has(reference)).toBe(true);
    }
    expect(servers.size).toBeGreaterThan(60);
  });
});

describe('the query set loader', () => {
  const HEADER = '{"set":"demo","split":"tune","summary":"s","about":"a"}';
  const GROUPS = parseAnswerGroups(
    '{"group":"chat-post","answers":["slack__post","teams__post"]}\n',
    'groups.jsonl',
  );
  const query = (fields: string) => `{"id":"demo-1","query":"post it",${fields}}`;

  it('resolves answer groups, applies the declared split and defaults serverHint to false', () => {
    const set = parseQuerySet(
      `${HEADER}\n${query('"answers":["@chat-post","zulip__post"]')}\n${query('"server":"slack","serverHint":true,"answers":["slack__post"]').replace('demo-1', 'demo-2')}\n`,
      'demo.jsonl',
      'demo',
      GROUPS,
    );
    expect(set.queries).toEqual([
      {
        id: 'demo-1',
        query: 'post it',
        answers: ['slack__post', 'teams__post', 'zulip__post'],
        serverHint: false,
        split: 'tune',
      },
      {
        id: 'demo-2',
        query: 'post it',
        answers: ['slack__post'],
        server: 'slack',
        serverHint: true,
        split: 'tune',
      },
    ]);
  });

  it('leaves the split to the id hash when the set says by-id', () => {
    const set = parseQuerySet(
      `${HEADER.replace('"tune"', '"by-id"')}\n${query('"answers":["slack__post"]')}`,
      'demo.jsonl',
      'demo',
      GROUPS,
    );
    expect(set.queries[0]?.split).toBeUndefined();
  });

  it.each([
    ['a line that is not JSON', query('"answers":["slack__post"]').slice(0, -1), 'demo.jsonl:2: not JSON'],
    ['a blank line', `\n${query('"answers":["slack__post"]')}`, 'demo.jsonl:2: blank line'],
    ['a list instead of an object', '["slack__post"]', 'demo.jsonl:2: not a JSON object'],
    ['a missing field', '{"id":"demo-1","answers":["slack__post"]}', 'demo.jsonl:2: missing query'],
    [
      'an unknown field',
      query('"answer":["slack__post"],"answers":["slack__post"]'),
      'demo.jsonl:2: unknown field answer',
    ],
    ['an empty answer list', query('"answers":[]'), 'demo.jsonl:2: answers must be a non-empty list'],
    [
      'an unknown answer group',
      query('"answers":["@chat-posts"]'),
      'demo.jsonl:2: unknown answer group @chat-posts',
    ],
    [
      'an answer that is no tool name',
      query('"answers":["slack post"]'),
      'demo.jsonl:2: "slack post" is neither',
    ],
    [
      'a serverHint that is no boolean',
      query('"serverHint":"yes","answers":["slack__post"]'),
      'demo.jsonl:2: serverHint must be',
    ],
    [
      'an id in capitals',
      query('"answers":["slack__post"]').replace('demo-1', 'Demo 1'),
      'demo.jsonl:2: id "Demo 1"',
    ],
    [
      'an id used twice',
      `${query('"answers":["slack__post"]')}\n${query('"answers":["teams__post"]')}`,
      'demo.jsonl:3: id demo-1 is used twice',
    ],
  ])('refuses %s, naming the file and line', (_case, records, message) => {
    expect(() => parseQuerySet(`${HEADER}\n${records}\n`, 'demo.jsonl', 'demo', GROUPS)).toThrow(message);
  });

  it.each([
    ['a header for another set', HEADER.replace('"demo"', '"other"'), 'demo.jsonl:1: set must be "demo"'],
    ['an unknown split', HEADER.replace('"tune"', '"train"'), 'demo.jsonl:1: split must be one of'],
    [
      'a header without summary',
      '{"set":"demo","split":"tune","about":"a"}',
      'demo.jsonl:1: missing summary',
    ],
  ])('refuses %s in the header', (_case, header, message) => {
    expect(() => parseQuerySet(`${header}\n`, 'demo.jsonl', 'demo', GROUPS)).toThrow(message);
  });

  it.each([
    [
      'a group defined twice',
      '{"group":"a","answers":["x__y"]}\n{"group":"a","answers":["x__z"]}',
      'groups.jsonl:2: group a is defined twice',
    ],
    [
      'a group that refers to another group',
      '{"group":"a","answers":["@b"]}',
      'groups.jsonl:1: "@b" is neither',
    ],
    [
      'a group name with spaces',
      '{"group":"chat post","answers":["x__y"]}',
      'groups.jsonl:1: group "chat post"',
    ],
  ])('refuses %s in the answer groups', (_case, records, message) => {
    expect(() => parseAnswerGroups(`${records}\n`, 'groups.jsonl')).toThrow(message);
  });
});
