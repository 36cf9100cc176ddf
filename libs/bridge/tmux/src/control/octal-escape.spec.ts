import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { decodeOctalEscapes, encodeOctalEscapes } from './octal-escape';

describe('control-mode octal escapes', () => {
  it('decodes control bytes and backslashes, keeps raw UTF-8 bytes', () => {
    const line = Buffer.concat([
      Buffer.from('a\\011b\\134c\\015\\012h'),
      Buffer.from([0xc3, 0xa9]),
      Buffer.from('llo'),
    ]);
    expect(decodeOctalEscapes(line).toString('utf8')).toBe('a\tb\\c\r\nhéllo');
  });

  it('decodes from an offset (after the "%output %N " prefix)', () => {
    expect(decodeOctalEscapes(Buffer.from('%output %1 x\\033[0m'), 11).toString()).toBe('x\u001b[0m');
  });

  it('leaves a backslash without three octal digits alone', () => {
    expect(decodeOctalEscapes(Buffer.from('\\09x\\1')).toString()).toBe('\\09x\\1');
  });

  it('round-trips any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const buffer = Buffer.from(bytes);
        expect(decodeOctalEscapes(encodeOctalEscapes(buffer)).equals(buffer)).toBe(true);
      }),
    );
  });

  it('never produces a line break in the encoded form (control-mode framing)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        expect(encodeOctalEscapes(Buffer.from(bytes)).includes(0x0a)).toBe(false);
      }),
    );
  });
});
