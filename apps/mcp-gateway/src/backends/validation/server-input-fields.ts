// The field names a backend server record may use (spec 2.1 names plus a few aliases) and the
// step that sorts a raw record into them: unknown names are problems, because a misspelt
// `hiden: true` that is silently ignored would publish a server its owner meant to hide.
import { quote, spellingKey } from './input-value.helpers';

/** Canonical setting → the names it may be written as. */
export const SERVER_INPUT_FIELD_NAMES = {
  id: ['id'],
  displayName: ['displayName'],
  alias: ['alias'],
  url: ['url'],
  type: ['type'],
  categories: ['category', 'categories'],
  enabled: ['enabled'],
  hidden: ['hidden'],
  secretProvider: ['secretProvider'],
  secretPath: ['secretPath'],
  secretField: ['secretField'],
  secretItemKey: ['secretItemKey'],
  authShape: ['authShape'],
  authParameter: ['authParameter'],
  headers: ['headersJson', 'headers'],
  allowPassThroughAuth: ['allowPassThroughAuth'],
  requestTimeout: ['requestTimeout', 'RequestTimeout'],
} as const satisfies Record<string, readonly string[]>;

export type ServerInputField = keyof typeof SERVER_INPUT_FIELD_NAMES;

/** A given value and the name it was written under, so problems use the writer's spelling. */
export interface InputValue {
  readonly name: string;
  readonly value: unknown;
}

export type ServerInputFields = { readonly [Field in ServerInputField]?: InputValue };

const MAX_REPORTED_UNKNOWN_FIELDS = 10;

const FIELD_BY_NAME = new Map<string, ServerInputField>(
  Object.entries(SERVER_INPUT_FIELD_NAMES).flatMap(([field, names]) =>
    names.map((name): [string, ServerInputField] => [name, field as ServerInputField]),
  ),
);

const NAME_BY_SPELLING = new Map<string, string>(
  [...FIELD_BY_NAME.keys()].map((name) => [spellingKey(name), name]),
);

/**
 * Null, undefined and blank strings count as "not given" (YAML `secretPath:` and empty dashboard
 * inputs), so defaults apply and required fields report "is required".
 */
export function collectServerFields(
  raw: Readonly<Record<string, unknown>>,
  problems: string[],
): ServerInputFields {
  const fields: { [Field in ServerInputField]?: InputValue } = {};
  const unknownNames: string[] = [];
  for (const [name, value] of Object.entries(raw)) {
    const field = FIELD_BY_NAME.get(name);
    if (field === undefined) {
      unknownNames.push(name);
      continue;
    }
    if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
      continue;
    }
    const earlier = fields[field];
    if (earlier === undefined) {
      fields[field] = { name, value };
    } else {
      problems.push(`${name}: give either "${earlier.name}" or "${name}", not both`);
    }
  }
  reportUnknownNames(unknownNames, problems);
  return fields;
}

function reportUnknownNames(names: readonly string[], problems: string[]): void {
  for (const name of names.slice(0, MAX_REPORTED_UNKNOWN_FIELDS)) {
    const suggestion = closestFieldName(name);
    const hint = suggestion === undefined ? '' : ` (did you mean "${suggestion}"?)`;
    problems.push(`${displayFieldName(name)}: unknown field${hint}`);
  }
  if (names.length > MAX_REPORTED_UNKNOWN_FIELDS) {
    problems.push(`server: ${names.length - MAX_REPORTED_UNKNOWN_FIELDS} more unknown fields`);
  }
}

/** A field name that differs only in case and separators, or by one or two edits (`hiden`). */
function closestFieldName(name: string): string | undefined {
  const key = spellingKey(name);
  const exact = NAME_BY_SPELLING.get(key);
  if (exact !== undefined || key.length > 64) {
    return exact;
  }
  // Short names allow one edit only, or every two-letter word would "mean" `id`.
  const allowed = key.length < 5 ? 1 : 2;
  let best: { readonly name: string; readonly distance: number } | undefined;
  for (const [known, fieldName] of NAME_BY_SPELLING) {
    const distance = editDistance(key, known);
    if (distance <= allowed && (best === undefined || distance < best.distance)) {
      best = { name: fieldName, distance };
    }
  }
  return best?.name;
}

/** Levenshtein distance with a single rolling row. */
function editDistance(from: string, to: string): number {
  let previous = Array.from({ length: to.length + 1 }, (_, index) => index);
  for (let row = 1; row <= from.length; row += 1) {
    const current = [row];
    for (let column = 1; column <= to.length; column += 1) {
      const substitution = (previous[column - 1] ?? 0) + (from[row - 1] === to[column - 1] ? 0 : 1);
      current.push(Math.min(substitution, (previous[column] ?? 0) + 1, (current[column - 1] ?? 0) + 1));
    }
    previous = current;
  }
  return previous[to.length] ?? 0;
}

function displayFieldName(name: string): string {
  return /^[\w.$-]{1,64}$/.test(name) ? name : quote(name);
}
