// Action intent: what kind of operation a query asks for, and what kind a tool performs, from a small
// closed set of action classes. Catalogs are full of tools that share their nouns and differ only in
// the action (`create_issue`, `delete_issue`, `list_issues`), and the nouns carry most of the BM25
// weight; so a query that says "delete" should not get `create_issue` first because its description
// happens to be shorter. A contradiction gets a mild penalty; agreement needs no bonus of its own (the
// leading action already rewards a tool named with the query's first word). Words outside the
// classes (transition, merge, send) are neutral.
import type { AnalyzedQuery } from '../text/query.analyzer';
import { stemWord } from '../text/suffix.stemmer';

export type ActionClass = 'create' | 'delete' | 'update' | 'list' | 'get' | 'search';

/** Reading classes: they do not contradict one another ("show" may be answered by a list or a get). */
const READS: ReadonlySet<ActionClass> = new Set(['list', 'get', 'search']);

const WRITES_THAT_OVERLAP: ReadonlySet<ActionClass> = new Set(['create', 'update']);

const CLASS_WORDS: Readonly<Record<ActionClass, readonly string[]>> = {
  create: ['create', 'add', 'insert'],
  delete: ['delete', 'remove', 'erase', 'destroy', 'drop', 'purge'],
  update: ['update', 'edit', 'modify', 'change', 'set', 'rename'],
  list: ['list', 'enumerate'],
  get: ['get', 'read', 'fetch', 'retrieve', 'show', 'view', 'describe'],
  search: ['search', 'find', 'query', 'lookup'],
};

const CLASS_OF: ReadonlyMap<string, ActionClass> = new Map(
  Object.entries(CLASS_WORDS).flatMap(([actionClass, words]) =>
    words.map((word): [string, ActionClass] => [stemWord(word), actionClass as ActionClass]),
  ),
);

/** The action class of an analyzed word, if it names one. */
export function actionClassOf(stem: string): ActionClass | undefined {
  return CLASS_OF.get(stem);
}

/**
 * The class of a tool's action: of the first word of its name that names one, its server's words
 * last (`get` in `ado_get_me` on Azure DevOps, `add` in `quick_add_event`).
 */
export function toolActionClass(
  nameWords: readonly string[],
  serverWords: ReadonlySet<string>,
): ActionClass | undefined {
  const own = nameWords.filter((word) => !serverWords.has(word));
  // A server's words name its action too when the rest does not (`search` in `brave_web_search` on
  // Brave Search, `fetch` on Fetch).
  for (const word of [...own, ...nameWords]) {
    const actionClass = actionClassOf(word);
    if (actionClass !== undefined) return actionClass;
  }
  return undefined;
}

/** What a query asks for: an action class it names, or only "some reading" for a plain question. */
export type QueryIntent =
  { readonly kind: 'action'; readonly actionClass: ActionClass } | { readonly kind: 'read' } | undefined;

/** Words that open a question asking for information rather than a change. */
const QUESTION_OPENERS = new Set([
  'what',
  'whats',
  'which',
  'who',
  'whos',
  'when',
  'where',
  'whose',
  'how',
  'is',
  'are',
  'was',
  'were',
  'does',
  'do',
  'did',
  'has',
  'have',
  'any',
  'anything',
  'hows',
]);
/** "How do I…", "how to…" ask how to get something done, not for information. */
const HOW_REQUESTS = new Set(['do', 'can', 'could', 'should', 'would', 'to']);

/**
 * The intent of a query: the class of its first word of need that names one; otherwise, for a
 * question ("which statuses…", "are the pipelines green?"), reading.
 */
export function queryIntent(query: AnalyzedQuery): QueryIntent {
  if (isQuestion(query.words)) return { kind: 'read' };
  const lead = query.terms.find((term) => !term.argumentOnly);
  const actionClass = lead === undefined ? undefined : actionClassOf(lead.term);
  return actionClass === undefined ? undefined : { kind: 'action', actionClass };
}

function isQuestion(words: readonly string[]): boolean {
  const lower = words.map((word) => word.toLowerCase().replace(/['’]/gu, ''));
  const first = lower[0];
  if (first === undefined) return false;
  if (!QUESTION_OPENERS.has(first)) return false;
  const second = lower[1] ?? '';
  // "Do you…", "are you able to…" are requests phrased as questions.
  return second !== 'you' && !(first === 'how' && HOW_REQUESTS.has(second));
}

/**
 * Whether a tool's action contradicts the intent: a write (create, update, delete) when the query
 * reads or asks a question, a read when it writes, deleting against creating or updating. Reads do
 * not contradict one another ("show" may be answered by a list or a get), nor do creating and
 * updating (set, upsert, "add a value").
 */
export function contradictsIntent(intent: QueryIntent, toolClass: ActionClass | undefined): boolean {
  if (intent === undefined || toolClass === undefined) return false;
  const asked = intent.kind === 'read' ? 'get' : intent.actionClass;
  if (READS.has(asked) || READS.has(toolClass)) return READS.has(asked) !== READS.has(toolClass);
  if (asked === toolClass) return false;
  return !(WRITES_THAT_OVERLAP.has(asked) && WRITES_THAT_OVERLAP.has(toolClass));
}
