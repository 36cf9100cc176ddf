// tmux control mode writes pane output with bytes below 0x20 and the backslash as `\ooo` octal
// escapes and every other byte raw (including UTF-8 continuation bytes), so decoding works on
// bytes and never on a JavaScript string.

const BACKSLASH = 0x5c;

function isOctalDigit(byte: number | undefined): boolean {
  return byte !== undefined && byte >= 0x30 && byte <= 0x37;
}

/** Decodes `\ooo` escapes in `data[start…]` into raw bytes. */
export function decodeOctalEscapes(data: Buffer, start = 0): Buffer {
  const out = Buffer.allocUnsafe(Math.max(0, data.length - start));
  let length = 0;
  for (let index = start; index < data.length; index += 1) {
    const byte = data[index] as number;
    if (
      byte === BACKSLASH &&
      isOctalDigit(data[index + 1]) &&
      isOctalDigit(data[index + 2]) &&
      isOctalDigit(data[index + 3])
    ) {
      out[length] =
        (((data[index + 1] as number) - 0x30) << 6) |
        (((data[index + 2] as number) - 0x30) << 3) |
        ((data[index + 3] as number) - 0x30);
      length += 1;
      index += 3;
    } else {
      out[length] = byte;
      length += 1;
    }
  }
  return out.subarray(0, length);
}

/** The inverse, as tmux does it; used by tests to produce control-mode lines. */
export function encodeOctalEscapes(bytes: Buffer): Buffer {
  const parts: number[] = [];
  for (const byte of bytes) {
    if (byte < 0x20 || byte === BACKSLASH) {
      parts.push(
        BACKSLASH,
        ...byte
          .toString(8)
          .padStart(3, '0')
          .split('')
          .map((digit) => digit.charCodeAt(0)),
      );
    } else parts.push(byte);
  }
  return Buffer.from(parts);
}
