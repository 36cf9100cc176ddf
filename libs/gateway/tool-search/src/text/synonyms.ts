// Query-side synonyms: agents say "fetch", "remove" or "folder" where a tool says "get", "delete" or
// "directory". Each group lists words that name the same action or thing in tool vocabularies; a query
// word also matches the other words of its groups, at a lower weight than itself. The groups come from
// the verbs and nouns common across MCP servers (CRUD verbs, files, repositories, infrastructure), not
// from any evaluation query, except three groups added after the first run on the tuning half
// (write/save/store, issue/bug, url/link; see docs/decisions/013). Keep them short and generic: a wrong
// synonym costs precision everywhere.
import { stemWord } from './suffix.stemmer';

const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  // actions
  ['search', 'find', 'lookup', 'locate', 'query'],
  ['get', 'fetch', 'retrieve', 'read', 'view', 'show', 'load', 'obtain'],
  ['list', 'enumerate', 'browse', 'show'],
  ['create', 'add', 'make', 'new', 'insert', 'register'],
  ['delete', 'remove', 'erase', 'destroy', 'drop', 'purge', 'discard'],
  ['update', 'edit', 'modify', 'change', 'patch', 'alter', 'set'],
  ['send', 'post', 'publish', 'notify'],
  ['run', 'execute', 'trigger', 'start', 'launch', 'invoke'],
  ['stop', 'cancel', 'abort', 'halt', 'terminate', 'kill'],
  ['move', 'rename', 'relocate'],
  ['write', 'save', 'store'],
  ['compress', 'zip', 'gzip', 'archive'],
  ['summary', 'summarize', 'overview'],
  // things
  ['directory', 'folder', 'dir'],
  ['repository', 'repo'],
  ['pull', 'pr'],
  ['merge', 'mr'],
  ['message', 'msg', 'chat'],
  ['image', 'picture', 'photo'],
  ['email', 'mail'],
  ['database', 'db'],
  ['kubernetes', 'k8s', 'kube'],
  ['configuration', 'config', 'settings'],
  ['environment', 'env'],
  ['statistics', 'stats', 'metrics'],
  ['identifier', 'id'],
  ['issue', 'bug'],
  ['url', 'link'],
];

/** Stem → stems of the other words in its groups. Built once; groups are stemmed like documents. */
const SYNONYMS: ReadonlyMap<string, readonly string[]> = buildSynonyms(SYNONYM_GROUPS);

function buildSynonyms(groups: readonly (readonly string[])[]): Map<string, string[]> {
  const synonyms = new Map<string, Set<string>>();
  for (const group of groups) {
    const stems = group.map(stemWord);
    for (const stem of stems) {
      const others = synonyms.get(stem) ?? new Set<string>();
      for (const other of stems) if (other !== stem) others.add(other);
      synonyms.set(stem, others);
    }
  }
  return new Map([...synonyms].map(([stem, others]) => [stem, [...others].sort()]));
}

/** Other stems meaning the same as `stem` (sorted), or an empty list. */
export function synonymsOf(stem: string): readonly string[] {
  return SYNONYMS.get(stem) ?? [];
}
