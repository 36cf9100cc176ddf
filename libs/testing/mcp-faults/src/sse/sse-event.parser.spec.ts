// The SSE parser against the WHATWG rules, and the property the fault proxy relies on: however
// a stream is cut into chunks, the same events come out, and their raw text is the input.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { SseEventParser } from './sse-event.parser';
import type { SseEvent } from './sse-event.parser';
import { serializeSseEvent } from './sse-event.serializer';
import type { SseEventFields } from './sse-event.serializer';

function parseWhole(text: string | Uint8Array): { events: SseEvent[]; remainder: string } {
  const parser = new SseEventParser();
  const events = parser.push(text);
  const end = parser.end();
  return { events: [...events, ...end.events], remainder: end.remainder };
}

function parseChunks(chunks: readonly Uint8Array[]): { events: SseEvent[]; remainder: string } {
  const parser = new SseEventParser();
  const events = chunks.flatMap((chunk) => parser.push(chunk));
  const end = parser.end();
  return { events: [...events, ...end.events], remainder: end.remainder };
}

/** Cuts `bytes` at the given offsets (any byte position, UTF-8 sequences included). */
function cut(bytes: Uint8Array, offsets: readonly number[]): Uint8Array[] {
  const points = [...new Set(offsets.map((offset) => offset % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let start = 0;
  for (const point of [...points, bytes.length]) {
    chunks.push(bytes.subarray(start, point));
    start = point;
  }
  return chunks;
}

const lineText = fc.string({ unit: 'grapheme', maxLength: 12 }).map((text) => text.replace(/[\r\n]/g, ''));
const fieldLine = fc.oneof(
  fc
    .tuple(fc.constantFrom('event', 'data', 'id', 'retry', 'unknown', ''), lineText)
    .map(([name, value]) => (name === '' ? `:${value}` : `${name}:${value}`)),
  fc.tuple(fc.constantFrom('data', 'event'), lineText).map(([name, value]) => `${name}: ${value}`),
  fc.nat({ max: 99_999 }).map((milliseconds) => `retry: ${milliseconds}`),
  fc.constantFrom('data', 'id', 'data:', ': keep-alive'),
);
const lineEnd = fc.constantFrom('\n', '\r', '\r\n');
/** Any stream of lines with mixed line ends, possibly ending inside an event. */
const rawStream = fc
  .array(fc.tuple(fc.oneof(fieldLine, fc.constant('')), lineEnd), { maxLength: 30 })
  .chain((lines) =>
    fc.tuple(fc.constant(lines.map(([line, end]) => line + end).join('')), fc.option(fieldLine, { nil: '' })),
  )
  .map(([complete, unfinished]) => complete + unfinished);
const chunkOffsets = fc.array(fc.nat(), { maxLength: 20 });

const eventFields: fc.Arbitrary<SseEventFields> = fc.record(
  {
    event: lineText,
    data: fc.string({ unit: 'grapheme', maxLength: 40 }),
    id: lineText.map((id) => id.replace(/\0/g, '')),
    retry: fc.nat({ max: 1_000_000 }),
  },
  { requiredKeys: [] },
);

describe('SseEventParser', () => {
  it('parses fields as the SSE spec describes', () => {
    const stream =
      ': comment\n' +
      'event: endpoint\n' +
      'data: /message?sessionId=abc\n\n' +
      'id: 7\nretry: 3000\ndata:first\ndata:  second\ndata\n\n';
    expect(parseWhole(stream).events.map(({ raw: _raw, ...fields }) => fields)).toEqual([
      { event: 'endpoint', data: '/message?sessionId=abc' },
      { id: '7', retry: 3000, data: 'first\n second\n' },
    ]);
  });

  it('ignores a retry that is not all digits, an id with NUL and unknown fields', () => {
    const { events } = parseWhole('retry: 10ms\nid: a\0b\nfoo: bar\ndata: x\n\n');
    expect(events).toEqual([{ raw: 'retry: 10ms\nid: a\0b\nfoo: bar\ndata: x\n\n', data: 'x' }]);
  });

  it('reports a block without data lines without a data field (a priming event)', () => {
    expect(parseWhole('id: prime-1\n\n').events).toEqual([{ raw: 'id: prime-1\n\n', id: 'prime-1' }]);
  });

  it('accepts CR, LF and CRLF line ends, mixed', () => {
    const { events } = parseWhole('data: a\rdata: b\r\n\rdata: c\n\r\n');
    expect(events.map((event) => event.data)).toEqual(['a\nb', 'c']);
    expect(events.map((event) => event.raw).join('')).toBe('data: a\rdata: b\r\n\rdata: c\n\r\n');
  });

  it('does not read a CRLF split across two chunks as two line ends', () => {
    const parser = new SseEventParser();
    expect(parser.push('data: a\r')).toEqual([]);
    expect(parser.push('\ndata: b\r')).toEqual([]);
    expect(parser.push('\n\r')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ raw: 'data: a\r\ndata: b\r\n\r\n', data: 'a\nb' }]);
  });

  it('treats a lone CR at the end of the stream as a line end', () => {
    const parser = new SseEventParser();
    expect(parser.push('data: a\n\r')).toEqual([]);
    expect(parser.end()).toEqual({ events: [{ raw: 'data: a\n\r', data: 'a' }], remainder: '' });
  });

  it('decodes a UTF-8 character split across chunks', () => {
    const bytes = new TextEncoder().encode('data: café ✓\n\n');
    const { events } = parseChunks(cut(bytes, [10, 11, 14, 15]));
    expect(events.map((event) => event.data)).toEqual(['café ✓']);
  });

  it('skips a byte order mark at the start of the stream but keeps it in raw', () => {
    expect(parseWhole('\uFEFFdata: x\n\n').events).toEqual([{ raw: '\uFEFFdata: x\n\n', data: 'x' }]);
  });

  it('returns an unfinished event as the remainder instead of dispatching it', () => {
    const parser = new SseEventParser();
    expect(parser.push('data: done\n\ndata: half')).toHaveLength(1);
    expect(parser.end()).toEqual({ events: [], remainder: 'data: half' });
  });

  it('refuses input after the end', () => {
    const parser = new SseEventParser();
    parser.end();
    expect(() => parser.push('data: x\n\n')).toThrow(/after end/);
  });

  it('yields the same events and remainder for any chunking of any stream', () => {
    fc.assert(
      fc.property(rawStream, chunkOffsets, (stream, offsets) => {
        const bytes = new TextEncoder().encode(stream);
        expect(parseChunks(cut(bytes, offsets))).toEqual(parseWhole(stream));
      }),
      { numRuns: 500 },
    );
  });

  it('loses nothing: the raw texts and the remainder concatenate to the input', () => {
    fc.assert(
      fc.property(rawStream, chunkOffsets, (stream, offsets) => {
        const { events, remainder } = parseChunks(cut(new TextEncoder().encode(stream), offsets));
        expect(events.map((event) => event.raw).join('') + remainder).toBe(stream);
      }),
      { numRuns: 500 },
    );
  });

  it('reads back what the serializer wrote, data line breaks normalized to LF', () => {
    fc.assert(
      fc.property(fc.array(eventFields, { maxLength: 8 }), chunkOffsets, (written, offsets) => {
        const stream = written.map(serializeSseEvent).join('');
        const { events, remainder } = parseChunks(cut(new TextEncoder().encode(stream), offsets));
        expect(remainder).toBe('');
        expect(events.map(({ raw: _raw, ...fields }) => fields)).toEqual(
          written.map((fields) =>
            fields.data === undefined ? fields : { ...fields, data: fields.data.replace(/\r\n|\r/g, '\n') },
          ),
        );
      }),
      { numRuns: 300 },
    );
  });
});

describe('serializeSseEvent', () => {
  it('writes one data line per line and ends the block with a blank line', () => {
    expect(serializeSseEvent({ event: 'message', id: '4', data: '{"a":1}\n{"b":2}' })).toBe(
      'event: message\nid: 4\ndata: {"a":1}\ndata: {"b":2}\n\n',
    );
  });

  it('refuses fields that SSE cannot carry', () => {
    expect(() => serializeSseEvent({ event: 'a\nb' })).toThrow(/line break/);
    expect(() => serializeSseEvent({ id: 'a\0' })).toThrow(/NUL/);
    expect(() => serializeSseEvent({ retry: -1 })).toThrow(/retry/);
  });
});
