// The source cache's payload format: lists come back as written, and anything else (corrupt
// bytes, another list count, a truncated or extended text) decodes as "not cached", never throws.
import { gzipSync } from 'node:zlib';
import { decodeLists, encodeLists } from './source-cache';

describe('source cache payloads', () => {
  it('decode to the lists they were encoded from', async () => {
    const lists = [
      [{ a: 1, text: 'line\nbreak' }, { b: [1, 2] }],
      [],
      Array.from({ length: 4_500 }, (_, index) => ({ index })),
    ];
    expect(await decodeLists(await encodeLists(lists), 3)).toEqual(lists);
  });

  it('decode as null when corrupt, of another shape, or not objects', async () => {
    const payload = await encodeLists([[{ a: 1 }], [{ b: 2 }]]);
    expect(await decodeLists(payload, 1)).toBeNull();
    const flipped = Buffer.from(payload);
    flipped[flipped.length - 12] = (flipped[flipped.length - 12] ?? 0) ^ 0xff;
    expect(await decodeLists(flipped, 2)).toBeNull();
    expect(await decodeLists(Buffer.from('not gzip'), 2)).toBeNull();
    expect(await decodeLists(gzipSync('[1,1]\n{"a":1}\n'), 2)).toBeNull();
    expect(await decodeLists(gzipSync('[1]\n{"a":1}\n{"b":2}\n'), 1)).toBeNull();
    expect(await decodeLists(gzipSync('[1]\n7\n'), 1)).toBeNull();
    expect(await decodeLists(gzipSync('[-1]\n'), 1)).toBeNull();
    expect(await decodeLists(gzipSync('[1]\n{"a":\n'), 1)).toBeNull();
    expect(await decodeLists(gzipSync('[1]\n{"a":1}\n'), 1)).toEqual([[{ a: 1 }]]);
  });
});
