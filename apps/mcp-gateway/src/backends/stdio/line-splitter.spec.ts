// Line framing of stdout and stderr: chunk boundaries, CRLF, multi-byte characters, the last
// line at EOF, and the per-line cap (refused on stdout, cut on stderr).
import fc from 'fast-check';
import { LineRingBuffer } from './line-ring-buffer';
import { LineSplitter, type LineOverflow, type SplitLine } from './line-splitter';

function split(chunks: readonly Buffer[], maxLineBytes = 1024, overflow: LineOverflow = 'fail') {
  const lines: SplitLine[] = [];
  const splitter = new LineSplitter(maxLineBytes, overflow, (line) => lines.push(line));
  const accepted = chunks.map((chunk) => splitter.push(chunk));
  splitter.end();
  return { lines, accepted };
}

describe('LineSplitter', () => {
  it('joins pieces across chunks and delivers a last line without a newline at the end', () => {
    const { lines } = split([Buffer.from('{"a":'), Buffer.from('1}\n{"b"'), Buffer.from(':2}\r\n{"c":3}')]);
    expect(lines.map((line) => line.text)).toEqual(['{"a":1}', '{"b":2}', '{"c":3}']);
  });

  it('keeps a multi-byte character split between chunks', () => {
    const bytes = Buffer.from('héllo 🙂\n');
    const { lines } = split([bytes.subarray(0, 2), bytes.subarray(2, 9), bytes.subarray(9)]);
    expect(lines).toEqual([{ text: 'héllo 🙂', truncated: false }]);
  });

  it('refuses a line longer than the cap in fail mode and ignores what follows', () => {
    const { lines, accepted } = split(
      [Buffer.from('ok\n'), Buffer.alloc(11, 'x'), Buffer.from('\nlater\n')],
      10,
    );
    expect(lines.map((line) => line.text)).toEqual(['ok']);
    expect(accepted).toEqual([true, false, false]);
  });

  it('accepts a line of exactly the cap', () => {
    expect(split([Buffer.alloc(10, 'x'), Buffer.from('\n')], 10).lines).toEqual([
      { text: 'x'.repeat(10), truncated: false },
    ]);
  });

  it('cuts a long line in truncate mode and goes on with the next', () => {
    const { lines } = split(
      [Buffer.alloc(7, 'x'), Buffer.alloc(7, 'y'), Buffer.from('\nnext\n')],
      10,
      'truncate',
    );
    expect(lines).toEqual([
      { text: 'xxxxxxxyyy', truncated: true },
      { text: 'next', truncated: false },
    ]);
  });

  it('yields the same lines however the bytes are chunked', () => {
    const text = fc.array(
      fc.string({ unit: 'grapheme' }).map((line) => line.replace(/[\r\n]/g, '')),
      { maxLength: 6 },
    );
    fc.assert(
      fc.property(text, fc.array(fc.nat(), { maxLength: 8 }), (list, cuts) => {
        const bytes = Buffer.from(list.map((line) => `${line}\n`).join(''));
        const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
        const chunks = [0, ...points, bytes.length]
          .slice(1)
          .map((end, index, ends) => bytes.subarray(index === 0 ? 0 : ends[index - 1], end));
        expect(split(chunks, 1_000_000).lines.map((line) => line.text)).toEqual(list);
      }),
    );
  });
});

describe('LineRingBuffer', () => {
  it('keeps the last lines in order and counts the dropped ones', () => {
    const buffer = new LineRingBuffer(3);
    for (const line of ['a', 'b', 'c', 'd', 'e']) buffer.push(line);
    expect(buffer.lines()).toEqual(['c', 'd', 'e']);
    expect(buffer.droppedCount).toBe(2);
  });

  it('never holds more than its capacity', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.array(fc.string(), { maxLength: 60 }),
        (capacity, lines) => {
          const buffer = new LineRingBuffer(capacity);
          for (const line of lines) buffer.push(line);
          expect(buffer.lines()).toEqual(lines.slice(-capacity));
          expect(buffer.droppedCount).toBe(Math.max(0, lines.length - capacity));
        },
      ),
    );
  });

  it('refuses a capacity below one', () => {
    expect(() => new LineRingBuffer(0)).toThrow(RangeError);
  });
});
