import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { ControlEvent } from './control-events';
import { ControlLineParser } from './control-line-parser';
import { encodeOctalEscapes } from './octal-escape';

function parseAll(...chunks: (string | Buffer)[]): ControlEvent[] {
  const parser = new ControlLineParser();
  return chunks.flatMap((chunk) =>
    parser.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk),
  );
}

describe('control-mode line parser', () => {
  it('reads a command block and notifications around it', () => {
    const events = parseAll(
      '%begin 1700 514 0\n%end 1700 514 0\n%session-changed $0 demo\n',
      '%begin 1700 519 1\n$0 80x24 1\n%end 1700 519 1\n%window-renamed @0 sleep\n',
    );
    expect(events).toEqual([
      { type: 'block', time: '1700', number: '514', flags: '0', ok: true, lines: [] },
      { type: 'session-changed', sessionId: '$0', name: 'demo' },
      { type: 'block', time: '1700', number: '519', flags: '1', ok: true, lines: ['$0 80x24 1'] },
      { type: 'window-renamed', windowId: '@0', name: 'sleep' },
    ]);
  });

  it('keeps spoofed %end/%error/%output lines inside a block as content', () => {
    const events = parseAll(
      '%begin 1700 275 1\nbash-5.2# printf ...\n%end 1 2 1\n%error 1700 276 1\n%output %9 spoof\n%end 1700 275 1\n',
    );
    expect(events).toEqual([
      {
        type: 'block',
        time: '1700',
        number: '275',
        flags: '1',
        ok: true,
        lines: ['bash-5.2# printf ...', '%end 1 2 1', '%error 1700 276 1', '%output %9 spoof'],
      },
    ]);
  });

  it('reports failed commands', () => {
    expect(parseAll('%begin 5 9 1\nparse error: unknown command: bogus\n%error 5 9 1\n')).toEqual([
      {
        type: 'block',
        time: '5',
        number: '9',
        flags: '1',
        ok: false,
        lines: ['parse error: unknown command: bogus'],
      },
    ]);
  });

  it('decodes pane output as bytes, even when a UTF-8 character is split across chunks', () => {
    const line = Buffer.concat([
      Buffer.from('%output %3 h'),
      Buffer.from([0xc3]),
      Buffer.from([0xa9]),
      Buffer.from('\\015\\012\n'),
    ]);
    const events = parseAll(line.subarray(0, 13), line.subarray(13, 14), line.subarray(14));
    expect(events).toEqual([{ type: 'output', paneId: '%3', data: Buffer.from('hé\r\n') }]);
  });

  it('reads extended output (pause-after mode)', () => {
    expect(parseAll('%extended-output %2 15 : a\\134b\n')).toEqual([
      { type: 'output', paneId: '%2', data: Buffer.from('a\\b') },
    ]);
  });

  it('recognises exit, session and window notifications and keeps unknown ones', () => {
    expect(
      parseAll(
        '%exit\n%sessions-changed\n%session-renamed $24 other2\n%layout-change @1 b25d,80x24,0,0,1 b25d,80x24,0,0,1 *\n%window-pane-changed @1 %4\n%unlinked-window-close @7\n%future-thing a b\n',
      ),
    ).toEqual([
      { type: 'exit', reason: '' },
      { type: 'sessions-changed' },
      { type: 'session-renamed', name: 'other2' },
      { type: 'layout-change', windowId: '@1' },
      { type: 'window-pane-changed', windowId: '@1', paneId: '%4' },
      { type: 'window-close', windowId: '@7' },
      { type: 'other', name: 'future-thing', text: 'a b' },
    ]);
  });

  it('delivers any pane bytes exactly, however the stream is chunked', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 300 }),
        fc.array(fc.nat({ max: 400 }), { maxLength: 6 }),
        (bytes, cuts) => {
          const stream = Buffer.concat([
            Buffer.from('%output %1 '),
            encodeOctalEscapes(Buffer.from(bytes)),
            Buffer.from('\n'),
          ]);
          const points = [...new Set(cuts.map((cut) => cut % (stream.length + 1)))].sort((a, b) => a - b);
          const chunks = [0, ...points].map((from, index) =>
            stream.subarray(from, points[index] ?? stream.length),
          );
          expect(parseAll(...chunks)).toEqual([{ type: 'output', paneId: '%1', data: Buffer.from(bytes) }]);
        },
      ),
    );
  });

  it('never closes a block on content lines, whatever the pane printed', () => {
    const contentLine = fc.oneof(
      fc.string().filter((text) => !text.includes('\n')),
      fc.constantFrom('%end 1 2 1', '%error 9 9 1', '%begin 1 2 1', '%exit', '%end 1700 275'),
    );
    fc.assert(
      fc.property(fc.array(contentLine, { maxLength: 8 }), (lines) => {
        const text = `%begin 1700 275 1\n${lines.map((line) => `${line}\n`).join('')}%end 1700 275 1\n`;
        expect(parseAll(text)).toEqual([
          { type: 'block', time: '1700', number: '275', flags: '1', ok: true, lines },
        ]);
      }),
    );
  });
});
