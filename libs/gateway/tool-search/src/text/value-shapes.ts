// Value shapes: query words that are values rather than needs, and what kind of value each is. A
// path ("when was .env last modified"), an address ("mail ana@example.com"), a handle ("ask @maria
// to review"), a channel ("#general"), an issue key ("move ENG-12 to Done"), a version ("publish
// v3.0.0"), a URL, a host, a date or a commit hash names no action, but it says what the tool must
// accept (`search-index/value-kinds.ts`) and, at the argument weight, what the need is about: a channel
// implies "channel", an issue key "issue".

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
  'commit',
] as const;
export type ValueKind = (typeof VALUE_KINDS)[number];

/** File extensions common enough that a word ending in one is a file name. */
export const FILE_EXTENSIONS =
  'md|txt|json|ya?ml|toml|ini|env|csv|tsv|log|xml|html?|pdf|png|jpe?g|gif|svg|webp|zip|gz|tgz|tar|sh|py|ts|tsx|js|jsx|mjs|go|rs|java|rb|sql|docx?|xlsx?|pptx?|parquet|lock|conf|cfg';
const FILE_EXTENSION = new RegExp(`\\.(?:${FILE_EXTENSIONS})$`, 'iu');
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
  // A commit hash: 7 to 40 hex digits with at least one digit and one letter ("9f3c2ab").
  ['commit', /^(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}$/iu],
  ['url', DOMAIN],
  ['path', /^(?:~|\.{1,2}\/|\/)|[/\\]|^\.[\p{L}]/u],
  ['path', FILE_EXTENSION],
];

/** Words a value of each kind implies, matched at the argument weight. */
export const IMPLIED_WORDS: Readonly<Record<ValueKind, readonly string[]>> = {
  path: ['path'],
  url: ['url'],
  email: ['email'],
  handle: ['user'],
  channel: ['channel'],
  issueKey: ['issue'],
  version: ['version'],
  host: ['node'],
  date: ['date'],
  commit: ['commit'],
};

/** The kind of one word, if it has one. */
export function valueKindOf(word: string): ValueKind | undefined {
  return QUERY_SHAPES.find(([, pattern]) => pattern.test(word))?.[0];
}
