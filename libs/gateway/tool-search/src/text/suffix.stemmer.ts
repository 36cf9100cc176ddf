// A small suffix stemmer for English tool vocabulary, so that "files", "file" and "filing", or
// "created", "creates" and "creating", meet in the index. It only has to be consistent (documents and
// queries go through the same function), not linguistically right: "create" and "creating" both
// become "creat". Porter's full algorithm was rejected as too aggressive for short identifiers
// ("general" → "gener", "organization" → "organ").

/** Words this short are left alone: too little is left to tell words apart after stripping. */
const MIN_WORD_LENGTH = 4;
/** A stem keeps at least this many characters. */
const MIN_STEM_LENGTH = 3;
const VOWEL = /[aeiouy]/;
const LOWERCASE_LETTERS = /^[a-z]+$/;

/**
 * The stem of a lowercase word. Rules, applied in order and repeated until nothing changes (so
 * `stem(stem(w)) === stem(w)`):
 * 1. plurals: `-ies` → `-y` (entries → entry), `-sses` → `-ss`, `-es` after x/z/ch/sh (boxes → box),
 *    `-s` unless after s, u or i (files → file; status, process, analysis stay);
 * 2. verb endings: `-ied` → `-y`, `-ing` and `-ed` when the stem keeps a vowel (listing → list,
 *    updated → updat), but not `-eed` (need, speed);
 * 3. a final `-e` (file → fil, update → updat), so verbs meet their `-ing`/`-ed` forms.
 * Words with digits or non a–z letters are returned unchanged.
 */
export function stemWord(word: string): string {
  if (word.length < MIN_WORD_LENGTH || !LOWERCASE_LETTERS.test(word)) return word;
  let current = word;
  for (;;) {
    const next = stripFinalE(stripVerbEnding(stripPlural(current)));
    if (next === current) return current;
    current = next;
  }
}

function stripPlural(word: string): string {
  if (word.length < MIN_WORD_LENGTH) return word;
  if (word.endsWith('ies') && word.length > MIN_WORD_LENGTH) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (/(?:x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/[siu]s$/.test(word)) return word.slice(0, -1);
  return word;
}

function stripVerbEnding(word: string): string {
  if (word.endsWith('ied') && word.length > MIN_WORD_LENGTH) return `${word.slice(0, -3)}y`;
  if (word.endsWith('eed')) return word;
  for (const ending of ['ing', 'ed']) {
    if (!word.endsWith(ending)) continue;
    const stem = word.slice(0, -ending.length);
    if (stem.length >= MIN_STEM_LENGTH && VOWEL.test(stem)) return stem;
  }
  return word;
}

function stripFinalE(word: string): string {
  if (word.length > MIN_STEM_LENGTH && word.endsWith('e') && !word.endsWith('ee')) return word.slice(0, -1);
  return word;
}
