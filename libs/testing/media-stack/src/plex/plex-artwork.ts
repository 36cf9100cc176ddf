// Artwork the Plex simulator serves for its items' `thumb` paths: small, deterministic baseline
// JPEGs built here, since Plex answers `/library/metadata/{id}/thumb/{ts}` and the photo
// transcoder with `image/jpeg`. Each image is grayscale, one shade per 8×8 block, in bands that
// differ by rating key, so two posters look different and every pixel is known. The encoder
// writes only what that needs: one component, quantization 1, only DC coefficients (every AC
// coefficient zero, an end-of-block code per block), the standard luminance DC Huffman table.

/** Plex's artwork size when nothing asks for another (a 2:3 poster). */
export const THUMB_WIDTH = 300;
export const THUMB_HEIGHT = 450;
/** The largest image the simulated transcoder makes. */
export const MAX_PHOTO_SIDE = 2000;

// ITU T.81 Annex K, Table K.3: code lengths 1-16 and the categories they code, in order.
const DC_CODE_COUNTS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
const DC_CATEGORIES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
/** An AC table with one code: `0` for end-of-block (run 0, size 0). */
const AC_CODE_COUNTS = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
const AC_SYMBOLS = [0x00];

/** The artwork of `ratingKey` at `width`×`height` pixels. */
export function plexArtwork(ratingKey: number, width: number, height: number): Buffer {
  const columns = Math.ceil(width / 8);
  const rows = Math.ceil(height / 8);
  const base = 40 + ((ratingKey * 37) % 120);
  const shade = (column: number, row: number): number =>
    Math.min(255, base + ((Math.floor((row * 6) / rows) + Math.floor((column * 3) / columns)) % 4) * 24);
  const shades: number[] = [];
  for (let row = 0; row < rows; row += 1)
    for (let column = 0; column < columns; column += 1) shades.push(shade(column, row));
  return encodeBlockJpeg(width, height, shades);
}

/** A baseline JPEG whose 8×8 blocks (row by row) are each one shade. */
function encodeBlockJpeg(width: number, height: number, shades: readonly number[]): Buffer {
  const dcCodes = canonicalCodes(DC_CODE_COUNTS, DC_CATEGORIES);
  const bits = new BitWriter();
  let previous = 0;
  for (const value of shades) {
    // With quantization 1, a flat block's DC coefficient is 8 × (value − 128).
    const dc = 8 * (value - 128);
    const difference = dc - previous;
    previous = dc;
    const category = difference === 0 ? 0 : Math.floor(Math.log2(Math.abs(difference))) + 1;
    const code = dcCodes.get(category);
    if (code === undefined) throw new Error(`no DC code for category ${category}`);
    bits.write(code.code, code.length);
    // Negative differences are sent as their one's complement in `category` bits.
    if (category > 0) bits.write(difference > 0 ? difference : difference + (1 << category) - 1, category);
    bits.write(0, 1); // end of block
  }
  return Buffer.concat([
    marker(0xd8),
    segment(0xdb, [0x00, ...new Array<number>(64).fill(1)]),
    segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]),
    segment(0xc4, [0x00, ...DC_CODE_COUNTS, ...DC_CATEGORIES]),
    segment(0xc4, [0x10, ...AC_CODE_COUNTS, ...AC_SYMBOLS]),
    segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    bits.finish(),
    marker(0xd9),
  ]);
}

function marker(code: number): Buffer {
  return Buffer.from([0xff, code]);
}

function segment(code: number, payload: readonly number[]): Buffer {
  const length = payload.length + 2;
  return Buffer.from([0xff, code, length >> 8, length & 0xff, ...payload]);
}

/** Huffman codes as JPEG assigns them: by length, consecutive within a length. */
function canonicalCodes(
  counts: readonly number[],
  symbols: readonly number[],
): Map<number, { readonly code: number; readonly length: number }> {
  const codes = new Map<number, { code: number; length: number }>();
  let code = 0;
  let next = 0;
  counts.forEach((count, index) => {
    for (let taken = 0; taken < count; taken += 1) {
      const symbol = symbols[next];
      if (symbol !== undefined) codes.set(symbol, { code, length: index + 1 });
      next += 1;
      code += 1;
    }
    code <<= 1;
  });
  return codes;
}

/** Entropy-coded bytes: most significant bit first, a 0x00 after every 0xFF, padded with ones. */
class BitWriter {
  private readonly bytes: number[] = [];
  private current = 0;
  private filled = 0;

  write(value: number, length: number): void {
    for (let bit = length - 1; bit >= 0; bit -= 1) {
      this.current = (this.current << 1) | ((value >> bit) & 1);
      this.filled += 1;
      if (this.filled === 8) this.flush();
    }
  }

  finish(): Buffer {
    if (this.filled > 0) this.write(0xff, 8 - this.filled);
    return Buffer.from(this.bytes);
  }

  private flush(): void {
    this.bytes.push(this.current);
    if (this.current === 0xff) this.bytes.push(0x00);
    this.current = 0;
    this.filled = 0;
  }
}
