// Value kinds: what sort of argument a query carries, and which tools take one. A query that holds a
// path ("when was .env last modified"), an address ("mail ana@example.com"), a handle ("ask @maria to
// review"), a channel ("#general"), an issue key ("move ENG-12 to Done"), a version ("publish
// v3.0.0"), a URL or a host names no action, but it says what the tool must accept. Parameter names
// follow a few conventions across MCP servers (`path`, `url`, `email`, `channel`, `reviewers`…), so
// this signal does not depend on the words an agent chose for the need.
import type { JsonSchemaObject } from '../catalog/tool-catalog.types';
import { tokenizeText } from '../text/identifier.tokenizer';
import { forEachParameter } from './tool-fields';

export const VALUE_KINDS = [
  'path',
  'url',
  'email',
  'handle',
  'channel',
  'issueKey',
  'version',
  'host',
  'date',
] as const;
export type ValueKind = (typeof VALUE_KINDS)[number];

/** A set of value kinds as bits, one per kind in `VALUE_KINDS` order. */
export type ValueKindSet = number;

const bit = (kind: ValueKind): number => 1 << VALUE_KINDS.indexOf(kind);

const FILE_EXTENSION =
  /\.(?:md|txt|json|ya?ml|toml|ini|env|csv|tsv|log|xml|html?|pdf|png|jpe?g|gif|svg|webp|zip|gz|tgz|tar|sh|py|ts|tsx|js|jsx|mjs|go|rs|java|rb|sql|docx?|xlsx?|pptx?|parquet|lock|conf|cfg)$/iu;
/** Domains written without a scheme: `acme.dev`, `docs.example.com/setup`. File extensions are not TLDs here. */
const DOMAIN =
  /^(?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|app|ai|co|edu|gov|info|biz|cloud|site|tech|xyz|us|uk|de|fr|eu|nl|ca|au)(?:[/:?#]|$)/iu;

/** Query-side shapes, tried in order; the first that fits decides the word's kind. */
const QUERY_SHAPES: readonly (readonly [ValueKind, RegExp])[] = [
  ['url', /^(?:[a-z][a-z0-9+.-]*:\/\/|www\.)/iu],
  ['email', /^[^\s@/]+@[^\s@/]+\.[a-z]{2,}$/iu],
  ['handle', /^@[\p{L}\p{N}][\p{L}\p{N}._-]*$/u],
  ['channel', /^#[\p{L}][\p{L}\p{N}._-]*$/u],
  ['issueKey', /^[A-Z][A-Z0-9]{1,9}-\d+$/u],
  ['version', /^(?:v\d+(?:\.\d+)*|\d+\.\d+\.\d+)(?:[-+][\w.]+)?$/u],
  ['host', /^(?:\d{1,3}(?:\.\d{1,3}){3}|ip-\d{1,3}(?:-\d{1,3}){3})(?::\d+)?$/iu],
  ['date', /^\d{4}-\d{2}-\d{2}(?:[tT ]\d{2}:\d{2}.*)?$/u],
  ['url', DOMAIN],
  ['path', /^(?:~|\.{1,2}\/|\/)|[/\\]|^\.[\p{L}]/u],
  ['path', FILE_EXTENSION],
];

/**
 * Parameter-name words that take each kind. A name like `file_path`, `channelId` or `reviewers` is
 * split into words first; a kind is accepted when one of its words is one of them.
 */
const PARAMETER_WORDS: Readonly<Record<ValueKind, readonly string[]>> = {
  path: [
    'path',
    'paths',
    'file',
    'files',
    'filename',
    'filepath',
    'dir',
    'directory',
    'folder',
    'source',
    'destination',
    'src',
    'dest',
  ],
  url: ['url', 'urls', 'uri', 'link', 'href', 'website', 'site', 'domain', 'endpoint'],
  email: ['email', 'emails', 'to', 'cc', 'bcc', 'recipient', 'recipients'],
  handle: [
    'user',
    'users',
    'username',
    'member',
    'members',
    'assignee',
    'assignees',
    'reviewer',
    'reviewers',
    'owner',
    'mention',
    'mentions',
    'handle',
    'login',
    'invitee',
    'invitees',
    'attendee',
    'attendees',
    'participant',
    'participants',
  ],
  channel: ['channel', 'channels', 'room', 'conversation'],
  issueKey: ['issue', 'issues', 'key', 'ticket', 'tickets'],
  version: ['version', 'tag', 'release'],
  host: ['host', 'hostname', 'node', 'ip', 'server', 'instance', 'machine'],
  date: ['date', 'since', 'until', 'start', 'end', 'due', 'after', 'before', 'time', 'timestamp', 'day'],
};

/** JSON Schema `format` values that say the same. */
const FORMATS: ReadonlyMap<string, ValueKind> = new Map([
  ['email', 'email'],
  ['idn-email', 'email'],
  ['uri', 'url'],
  ['url', 'url'],
  ['uri-reference', 'url'],
  ['iri', 'url'],
  ['hostname', 'host'],
  ['ipv4', 'host'],
  ['ipv6', 'host'],
  ['date', 'date'],
  ['date-time', 'date'],
]);

const KIND_OF_WORD: ReadonlyMap<string, ValueKindSet> = (() => {
  const kinds = new Map<string, ValueKindSet>();
  for (const kind of VALUE_KINDS) {
    for (const word of PARAMETER_WORDS[kind]) kinds.set(word, (kinds.get(word) ?? 0) | bit(kind));
  }
  return kinds;
})();

/** The kinds of the values among a query's words (as `analyzeQuery` keeps them: case and punctuation inside). */
export function queryValueKinds(words: readonly string[]): ValueKindSet {
  let kinds = 0;
  for (const word of words) {
    const shape = QUERY_SHAPES.find(([, pattern]) => pattern.test(word));
    if (shape !== undefined) kinds |= bit(shape[0]);
  }
  return kinds;
}

/** The kinds a tool's parameters take, from their names and formats (top level and one level down). */
export function toolValueKinds(schema: JsonSchemaObject): ValueKindSet {
  let kinds = 0;
  forEachParameter(schema, (name, property) => {
    kinds |= parameterKinds(name, property);
  });
  return kinds;
}

/** Share of the query's kinds that the tool takes, from 0 to 1 (0 when the query has none). */
export function valueKindFit(query: ValueKindSet, tool: ValueKindSet): number {
  if (query === 0) return 0;
  return bitCount(query & tool) / bitCount(query);
}

function parameterKinds(name: string, property: JsonSchemaObject): ValueKindSet {
  let kinds = 0;
  for (const token of tokenizeText(name, { compounds: true })) kinds |= KIND_OF_WORD.get(token) ?? 0;
  const format = property['format'];
  const formatKind = typeof format === 'string' ? FORMATS.get(format.toLowerCase()) : undefined;
  if (formatKind !== undefined) kinds |= bit(formatKind);
  return kinds;
}

function bitCount(value: number): number {
  let count = 0;
  for (let rest = value; rest !== 0; rest &= rest - 1) count += 1;
  return count;
}
