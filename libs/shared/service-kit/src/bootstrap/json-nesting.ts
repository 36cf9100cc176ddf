// How deeply a JSON text nests arrays and objects, read from its bytes before it is parsed.
// JSON.parse itself copes with any depth, but much of what handles the parsed value afterwards
// recurses (JSON.stringify on the way to a backend, validation, class-transformer), so a body
// nested 100,000 deep would overflow the stack there, far from where it came in. One pass over the
// bytes, no allocation, stopping as soon as the limit is passed.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Whether the UTF-8 JSON text nests arrays and objects deeper than `maxDepth` (brackets inside
 * strings do not count). For text that is not valid JSON the answer may be wrong either way; the
 * parser refuses such text anyway. UTF-8 continuation bytes never equal these ASCII bytes.
 */
export function nestsDeeperThan(text: Uint8Array, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const byte = text[index];
    if (inString) {
      if (byte === BACKSLASH) index += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_BRACKET || byte === OPEN_BRACE) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (byte === CLOSE_BRACKET || byte === CLOSE_BRACE) {
      depth -= 1;
    }
  }
  return false;
}
