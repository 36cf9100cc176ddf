// Value kinds: which kinds of values a query carries (`text/value-shapes.ts`), and which tools take
// them. A query holding a path, an address, a handle or an issue key says what the tool must accept,
// whatever words it uses for the need. Parameter names follow a few conventions across MCP servers
// (`path`, `url`, `email`, `channel`, `reviewers`…), so this signal does not depend on the words an
// agent chose for the need.
import type { JsonSchemaObject } from '../catalog/tool-catalog.types';
import { tokenizeText } from '../text/identifier.tokenizer';
import { VALUE_KINDS, type ValueKind } from '../text/value-shapes';
import { forEachParameter } from './tool-fields';

/** A set of value kinds as bits, one per kind in `VALUE_KINDS` order. */
export type ValueKindSet = number;

const bit = (kind: ValueKind): number => 1 << VALUE_KINDS.indexOf(kind);

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
  commit: ['sha', 'commit', 'ref', 'revision'],
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

/** `kinds` as a set of bits. */
export function valueKindSet(kinds: readonly ValueKind[]): ValueKindSet {
  let set = 0;
  for (const kind of kinds) set |= bit(kind);
  return set;
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
