import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { LineAssembler } from './line-assembler';

describe('line assembler', () => {
  it('separates lines, drops leading blanks and holds blanks until text follows', () => {
    const assembler = new LineAssembler();
    expect(assembler.add(['', '  ', 'one'])).toBe('one');
    expect(assembler.add(['two', ''])).toBe('\ntwo');
    expect(assembler.add([''])).toBe('');
    expect(assembler.add(['three'])).toBe('\n\n\nthree');
    expect(assembler.add(['', ''])).toBe('');
  });

  it('produces the same text however the lines are split into pieces', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('', ' ', 'a', 'bb', 'c c')), fc.nat({ max: 20 }), (lines, cut) => {
        const whole = new LineAssembler().add(lines);
        const pieces = new LineAssembler();
        const split = cut % (lines.length + 1);
        expect(pieces.add(lines.slice(0, split)) + pieces.add(lines.slice(split))).toBe(whole);
        const normalized = lines.map((line) => (line.trim() === '' ? '' : line));
        while (normalized[0] === '') normalized.shift();
        while (normalized[normalized.length - 1] === '') normalized.pop();
        expect(whole).toBe(normalized.join('\n'));
      }),
    );
  });
});
