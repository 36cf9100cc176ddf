// The keys a client may send by name (`/keys`, approve/reject profiles, the MCP `send_keys` tool).
// Only names on this list reach `send-keys` without `-l`; a single printable character is sent as
// literal text. Anything else is refused, so user text can never become a tmux key binding or flag.

/** A key to press: a tmux key name from the allow-list, or one literal character. */
export type KeySpec =
  { readonly kind: 'named'; readonly name: string } | { readonly kind: 'literal'; readonly text: string };

const NAMED_KEYS = [
  'Enter',
  'Escape',
  'Tab',
  'BTab',
  'BSpace',
  'Space',
  'Up',
  'Down',
  'Left',
  'Right',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'DC',
  'IC',
] as const;

/** Friendly spellings people type, mapped to tmux key names (compared case-insensitively). */
const ALIASES: Readonly<Record<string, string>> = {
  return: 'Enter',
  ret: 'Enter',
  esc: 'Escape',
  'shift-tab': 'BTab',
  backspace: 'BSpace',
  bs: 'BSpace',
  pgup: 'PageUp',
  pgdn: 'PageDown',
  delete: 'DC',
  del: 'DC',
  insert: 'IC',
  ins: 'IC',
};

const BY_LOWER_CASE: ReadonlyMap<string, string> = new Map([
  ...NAMED_KEYS.map((name): [string, string] => [name.toLowerCase(), name]),
  ...Object.entries(ALIASES),
  ...Array.from({ length: 12 }, (_, index): [string, string] => [`f${index + 1}`, `F${index + 1}`]),
]);

const CONTROL_KEY = /^(?:c-|ctrl-|ctrl\+|\^)([a-z])$/i;
const MAX_KEYS_PER_REQUEST = 32;
/** No key name or alias is longer; longer words are refused before any other work. */
const MAX_KEY_NAME_CHARS = 16;

/** Every key name the allow-list accepts, for help texts and tool descriptions. */
export function allowedKeyNames(): string[] {
  return [...NAMED_KEYS, 'F1…F12', 'C-a…C-z', 'one printable character'];
}

/** Resolves one user-typed key to a key spec, or `undefined` when it is not allowed. */
export function parseKey(input: string): KeySpec | undefined {
  if (input.length > MAX_KEY_NAME_CHARS) return undefined;
  const named = BY_LOWER_CASE.get(input.toLowerCase());
  if (named !== undefined) return { kind: 'named', name: named };
  const control = CONTROL_KEY.exec(input);
  if (control?.[1] !== undefined) return { kind: 'named', name: `C-${control[1].toLowerCase()}` };
  return isSinglePrintableCharacter(input) ? { kind: 'literal', text: input } : undefined;
}

export type KeySequenceResult =
  { readonly ok: true; readonly keys: readonly KeySpec[] } | { readonly ok: false; readonly problem: string };

/** Parses keys separated by whitespace (`y Enter`, `C-c`), all or nothing. */
export function parseKeySequence(input: readonly string[] | string): KeySequenceResult {
  const words = typeof input === 'string' ? input.trim().split(/\s+/).filter(Boolean) : input;
  if (words.length === 0) return { ok: false, problem: 'No key given.' };
  if (words.length > MAX_KEYS_PER_REQUEST) {
    return { ok: false, problem: `At most ${MAX_KEYS_PER_REQUEST} keys per request.` };
  }
  const keys: KeySpec[] = [];
  for (const word of words) {
    const key = parseKey(word);
    if (key === undefined) {
      return {
        ok: false,
        problem: `Key ${JSON.stringify(word.length > 40 ? `${word.slice(0, 40)}…` : word)} is not allowed. Allowed: ${allowedKeyNames().join(', ')}.`,
      };
    }
    keys.push(key);
  }
  return { ok: true, keys };
}

/** How a key reads in replies and logs. */
export function describeKey(key: KeySpec): string {
  return key.kind === 'named' ? key.name : JSON.stringify(key.text);
}

function isSinglePrintableCharacter(input: string): boolean {
  const characters = [...input];
  // One code point that is not a control, separator or format character; emoji count as one.
  return characters.length === 1 && !/[\p{Cc}\p{Cf}\p{Z}]/u.test(input);
}
