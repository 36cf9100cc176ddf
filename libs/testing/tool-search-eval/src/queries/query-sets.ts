// The labelled query sets, read from `query-sets/`: one JSON Lines file per set, named by what the set
// is for, and `answer-groups.jsonl` with the named lists of tools that several queries accept. Every
// record is validated when a set is read; a malformed one is an error naming its file and line.
//
// A set file starts with a header record, then one query per line:
//   {"set":"paraphrase-tuning","split":"tune","summary":"…","about":"…"}
//   {"id":"fifth-dev-02","query":"…","answers":["@submit-review"]}
//   {"id":"…","query":"…","server":"github","serverHint":true,"answers":["github__merge_pull_request"]}
// An answer is a namespaced tool name or `@` and the name of an answer group.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repositoryRoot } from '../repository-root';
import type { LabeledQuery, QuerySplit } from './labeled-query';

/** Relative to the repository root. */
export const QUERY_SETS_DIRECTORY = 'libs/testing/tool-search-eval/query-sets';
export const ANSWER_GROUPS_FILE = 'answer-groups.jsonl';

/** In the order the benchmark reports them. */
export const QUERY_SET_NAMES = [
  'headline',
  'independent-heldout',
  'jargon-tuning',
  'verbose-tuning',
  'mid-task-tuning',
  'paraphrase-tuning',
  'fragments-and-plans-tuning',
] as const;
export type QuerySetName = (typeof QUERY_SET_NAMES)[number];

/** `by-id`: each query's split comes from a hash of its id (see `splitOf`). */
export type QuerySetSplit = QuerySplit | 'by-id';

export interface QuerySet {
  readonly name: string;
  readonly split: QuerySetSplit;
  /** A few words on what the queries are like, for report titles. */
  readonly summary: string;
  /** Who wrote the queries and how, which decides what the set can tell. */
  readonly about: string;
  readonly queries: readonly LabeledQuery[];
}

export type AnswerGroups = ReadonlyMap<string, readonly string[]>;

const SPLITS: readonly QuerySetSplit[] = ['tune', 'heldout', 'by-id'];
const GROUP_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const QUERY_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** `<server>__<tool>`: this only rejects what cannot be a tool name; the spec checks that each exists. */
const TOOL_NAME = /^[^\s_][^\s]*__[^\s]+$/;

type JsonRecord = Readonly<Record<string, unknown>>;

/** A record with its position, so every problem can name where it is. */
interface Line {
  readonly at: string;
  readonly record: JsonRecord;
}

function problem(at: string, message: string): Error {
  return new Error(`${at}: ${message}`);
}

/** One record per line; blank lines are refused (only the file's final newline is allowed). */
function readLines(text: string, file: string): Line[] {
  const lines = text.endsWith('\n') ? text.slice(0, -1).split('\n') : text.split('\n');
  return lines.map((line, index) => {
    const at = `${file}:${index + 1}`;
    if (line.trim() === '') throw problem(at, 'blank line (one JSON record per line)');
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch (error) {
      throw problem(at, `not JSON (${(error as Error).message})`);
    }
    if (typeof record !== 'object' || record === null || Array.isArray(record)) {
      throw problem(at, 'not a JSON object');
    }
    return { at, record: record as JsonRecord };
  });
}

function checkKeys(line: Line, required: readonly string[], optional: readonly string[] = []): void {
  const missing = required.filter((key) => !(key in line.record));
  if (missing.length > 0) throw problem(line.at, `missing ${missing.join(', ')}`);
  const unknown = Object.keys(line.record).filter(
    (key) => !required.includes(key) && !optional.includes(key),
  );
  if (unknown.length > 0) throw problem(line.at, `unknown field ${unknown.join(', ')}`);
}

function nonEmptyString(line: Line, key: string, pattern?: RegExp): string {
  const value = line.record[key];
  if (typeof value !== 'string' || value.trim() === '')
    throw problem(line.at, `${key} must be a non-empty string`);
  if (pattern !== undefined && !pattern.test(value))
    throw problem(line.at, `${key} "${value}" must match ${pattern}`);
  return value;
}

function stringList(line: Line, key: string): readonly string[] {
  const value = line.record[key];
  if (!Array.isArray(value) || value.length === 0 || !value.every((item) => typeof item === 'string')) {
    throw problem(line.at, `${key} must be a non-empty list of strings`);
  }
  return value as string[];
}

function toolName(line: Line, name: string): string {
  if (!TOOL_NAME.test(name))
    throw problem(line.at, `"${name}" is neither a <server>__<tool> name nor an @group`);
  return name;
}

export function parseAnswerGroups(content: string, file: string): AnswerGroups {
  const groups = new Map<string, readonly string[]>();
  for (const line of readLines(content, file)) {
    checkKeys(line, ['group', 'answers'], ['note']);
    const name = nonEmptyString(line, 'group', GROUP_NAME);
    if (groups.has(name)) throw problem(line.at, `group ${name} is defined twice`);
    if ('note' in line.record) nonEmptyString(line, 'note');
    groups.set(
      name,
      stringList(line, 'answers').map((answer) => toolName(line, answer)),
    );
  }
  return groups;
}

function answersOf(line: Line, groups: AnswerGroups): readonly string[] {
  return stringList(line, 'answers').flatMap((answer) => {
    if (!answer.startsWith('@')) return [toolName(line, answer)];
    const group = groups.get(answer.slice(1));
    if (group === undefined) throw problem(line.at, `unknown answer group ${answer}`);
    return group;
  });
}

function queryOf(line: Line, split: QuerySetSplit, groups: AnswerGroups): LabeledQuery {
  checkKeys(line, ['id', 'query', 'answers'], ['server', 'serverHint']);
  const hint = line.record['serverHint'];
  if (hint !== undefined && typeof hint !== 'boolean')
    throw problem(line.at, 'serverHint must be true or false');
  return {
    id: nonEmptyString(line, 'id', QUERY_ID),
    query: nonEmptyString(line, 'query'),
    answers: answersOf(line, groups),
    ...('server' in line.record ? { server: nonEmptyString(line, 'server') } : {}),
    serverHint: hint ?? false,
    ...(split === 'by-id' ? {} : { split }),
  };
}

/** `name` is the set the file must declare in its header (the file's name without `.jsonl`). */
export function parseQuerySet(content: string, file: string, name: string, groups: AnswerGroups): QuerySet {
  const [header, ...records] = readLines(content, file);
  if (header === undefined) throw problem(`${file}:1`, 'empty file (the first line is the set header)');
  checkKeys(header, ['set', 'split', 'summary', 'about']);
  if (nonEmptyString(header, 'set') !== name)
    throw problem(header.at, `set must be "${name}", the file's name`);
  const split = header.record['split'] as QuerySetSplit;
  if (!SPLITS.includes(split)) throw problem(header.at, `split must be one of ${SPLITS.join(', ')}`);
  const ids = new Set<string>();
  const queries = records.map((line) => {
    const query = queryOf(line, split, groups);
    if (ids.has(query.id)) throw problem(line.at, `id ${query.id} is used twice`);
    ids.add(query.id);
    return query;
  });
  return {
    name,
    split,
    summary: nonEmptyString(header, 'summary'),
    about: nonEmptyString(header, 'about'),
    queries,
  };
}

const loaded = new Map<string, QuerySet>();

/** A query set from `query-sets/` (read once per process, or from `directory` when given). */
export function querySet(name: QuerySetName, directory?: string): QuerySet {
  const folder = directory ?? join(repositoryRoot(), QUERY_SETS_DIRECTORY);
  const key = join(folder, name);
  const cached = loaded.get(key);
  if (cached !== undefined) return cached;
  const groupsFile = join(folder, ANSWER_GROUPS_FILE);
  const groups = parseAnswerGroups(readFileSync(groupsFile, 'utf8'), groupsFile);
  const file = join(folder, `${name}.jsonl`);
  const set = parseQuerySet(readFileSync(file, 'utf8'), file, name, groups);
  loaded.set(key, set);
  return set;
}

/** Every query set, in the order of `QUERY_SET_NAMES`. */
export function allQuerySets(directory?: string): readonly QuerySet[] {
  return QUERY_SET_NAMES.map((name) => querySet(name, directory));
}
