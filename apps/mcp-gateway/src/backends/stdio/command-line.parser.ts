// Splits a stdio backend's command line (the server record's `url`) into the exact argv the
// operating system will receive, without a shell, so the policy judges what really runs.
//
// Grammar (a small, predictable subset of POSIX sh word splitting):
// - spaces and tabs outside quotes separate words; nothing else does;
// - '…' keeps everything literally up to the next single quote;
// - "…" keeps everything literally except \" and \\, which stand for " and \;
// - a backslash outside quotes is an ordinary character (so C:\tools\server.exe survives);
// - adjacent pieces join into one word (--name="a b" is the word --name=a b); "" is an empty word;
// - a quote that is never closed makes the whole line unparsable.

export type CommandLineParse =
  | { readonly ok: true; readonly tokens: readonly string[] }
  | { readonly ok: false; readonly reason: 'unbalanced-quote'; readonly fragment: string };

/** Splits `text` into words; never throws. */
export function parseCommandLine(text: string): CommandLineParse {
  const tokens: string[] = [];
  let current = '';
  let inWord = false;
  let wordStart = 0;
  let index = 0;
  while (index < text.length) {
    const char = text.charAt(index);
    if (char === ' ' || char === '\t') {
      if (inWord) tokens.push(current);
      current = '';
      inWord = false;
      index += 1;
      continue;
    }
    if (!inWord) {
      inWord = true;
      wordStart = index;
    }
    if (char === "'" || char === '"') {
      const quoted = char === "'" ? readSingleQuoted(text, index) : readDoubleQuoted(text, index);
      if (quoted === undefined) {
        return { ok: false, reason: 'unbalanced-quote', fragment: text.slice(wordStart) };
      }
      current += quoted.value;
      index = quoted.next;
      continue;
    }
    current += char;
    index += 1;
  }
  if (inWord) tokens.push(current);
  return { ok: true, tokens };
}

interface QuotedPiece {
  readonly value: string;
  /** Index just after the closing quote. */
  readonly next: number;
}

function readSingleQuoted(text: string, open: number): QuotedPiece | undefined {
  const close = text.indexOf("'", open + 1);
  return close < 0 ? undefined : { value: text.slice(open + 1, close), next: close + 1 };
}

function readDoubleQuoted(text: string, open: number): QuotedPiece | undefined {
  let value = '';
  let index = open + 1;
  while (index < text.length) {
    const char = text.charAt(index);
    if (char === '"') return { value, next: index + 1 };
    const escaped = text.charAt(index + 1);
    if (char === '\\' && (escaped === '"' || escaped === '\\')) {
      value += escaped;
      index += 2;
      continue;
    }
    value += char;
    index += 1;
  }
  return undefined;
}
