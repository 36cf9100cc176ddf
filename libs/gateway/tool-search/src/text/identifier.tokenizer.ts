// Splits prose and identifiers into lowercase word tokens. Tool vocabularies mix prose ("Read the
// complete contents of a file") with identifiers written in every convention (`read_text_file`,
// `get-sum`, `issues.list`, `getFileContents`, `base64`), so one splitter must serve both.

/** Tokens longer than this are blobs (hashes, base64, URLs without separators), not words. */
export const MAX_TOKEN_LENGTH = 64;

/** A run of characters that may form one identifier: letters, digits and `_`, `-`, `.` inside. */
const IDENTIFIER_RUN = /[\p{L}\p{N}]+(?:[_.-]+[\p{L}\p{N}]+)*/gu;
/** Letters and digits between separators. */
const ALPHANUMERIC_CHUNK = /[\p{L}\p{N}]+/gu;
/**
 * Word parts of an alphanumeric chunk: an acronym before a capitalized word (`HTTP` in
 * `HTTPServer`), a capitalized or lowercase word, an acronym, a number, or letters without case.
 */
const WORD_PART = /\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|\p{N}+|[\p{Lt}\p{Lm}\p{Lo}]+/gu;
const COMBINING_MARKS = /\p{M}+/gu;

/**
 * Lowercase tokens of `text`, in order:
 * - words split at every non-alphanumeric character and at camelCase, acronym and letter/digit
 *   boundaries (`getHTTPResponse2` → `get`, `http`, `response`);
 * - after the parts of a chunk or identifier that splits into several, the parts joined as one
 *   compound (`getFileContents` → also `getfilecontents`, `read_text_file` → also `readtextfile`,
 *   `k8s` → `k8s`), so identifiers written in another convention still meet;
 * - diacritics removed (`café` → `cafe`); single characters and tokens over 64 characters dropped.
 * `compounds: false` leaves the joined compounds out (the words of a name, for name coverage).
 */
export function tokenizeText(text: string, options: { readonly compounds?: boolean } = {}): string[] {
  const compounds = options.compounds ?? true;
  const tokens: string[] = [];
  const normalized = text.normalize('NFKD').replace(COMBINING_MARKS, '');
  for (const run of normalized.match(IDENTIFIER_RUN) ?? []) {
    const runParts: string[] = [];
    for (const chunk of run.match(ALPHANUMERIC_CHUNK) ?? []) {
      const parts = (chunk.match(WORD_PART) ?? []).map(lowercase);
      for (const part of parts) {
        pushToken(tokens, part);
        runParts.push(part);
      }
      if (compounds && parts.length > 1) pushToken(tokens, parts.join(''));
    }
    const chunkCount = run.match(ALPHANUMERIC_CHUNK)?.length ?? 0;
    if (compounds && chunkCount > 1) pushToken(tokens, runParts.join(''));
  }
  return tokens;
}

/** Lowercasing can bring combining marks back (`İ` → `i̇`), so they are removed once more. */
function lowercase(part: string): string {
  return part.toLowerCase().normalize('NFKD').replace(COMBINING_MARKS, '');
}

/** Lengths count code points: `𠀀` is one character even though it takes two UTF-16 units. */
function pushToken(tokens: string[], token: string): void {
  let length = 0;
  for (const _codePoint of token) length += 1;
  if (length >= 2 && length <= MAX_TOKEN_LENGTH) tokens.push(token);
}
