// An incremental parser for `text/event-stream` (WHATWG HTML, "Server-sent events", §9.2.6) that
// yields whole events however the bytes were chunked, and keeps each event's exact text so a
// proxy can relay untouched events byte for byte.

/** One event block: the fields the SSE spec defines, and the text it was parsed from. */
export interface SseEvent {
  /** The block exactly as received, its terminating blank line included. */
  readonly raw: string;
  /** The `event` field; absent means the spec's default type, `message`. */
  readonly event?: string;
  /** The `data` lines joined with `\n`; absent when the block had no data line. */
  readonly data?: string;
  /** The `id` field of this block (the spec ignores an id containing NUL). */
  readonly id?: string;
  /** The `retry` field, when it was all ASCII digits. */
  readonly retry?: number;
}

/** What is left when the stream ends. */
export interface SseStreamEnd {
  /** Events completed by the end of input (a final lone CR is a line end). */
  readonly events: readonly SseEvent[];
  /** Text after the last complete event: an unfinished event, which the spec discards. */
  readonly remainder: string;
}

const LINE_END = /[\r\n]/;
const BYTE_ORDER_MARK = '\uFEFF';

interface BlockFields {
  event?: string;
  dataLines: string[];
  id?: string;
  retry?: number;
}

export class SseEventParser {
  // ignoreBOM keeps a leading BOM in the text so `raw` stays exact; it is skipped when parsing.
  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  private pending = '';
  private blockRaw = '';
  private fields: BlockFields = { dataLines: [] };
  private atStreamStart = true;
  private ended = false;

  /** Feeds the next chunk; returns the events it completed, in order. */
  push(chunk: Uint8Array | string): SseEvent[] {
    if (this.ended) throw new Error('SseEventParser: push() after end()');
    this.pending += typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
    return this.drainLines(false);
  }

  /** Ends the stream: flushes the decoder, completes what the input completed, returns the rest. */
  end(): SseStreamEnd {
    if (this.ended) throw new Error('SseEventParser: end() called twice');
    this.pending += this.decoder.decode();
    const events = this.drainLines(true);
    this.ended = true;
    const remainder = this.blockRaw + this.pending;
    this.blockRaw = '';
    this.pending = '';
    return { events, remainder };
  }

  private drainLines(final: boolean): SseEvent[] {
    const events: SseEvent[] = [];
    for (;;) {
      const match = LINE_END.exec(this.pending);
      if (match === null) break;
      const index = match.index;
      // A CR at the very end may be the first half of CRLF split across chunks: wait for more.
      if (this.pending[index] === '\r' && index === this.pending.length - 1 && !final) break;
      const terminatorLength = this.pending.startsWith('\r\n', index) ? 2 : 1;
      const line = this.pending.slice(0, index);
      this.blockRaw += this.pending.slice(0, index + terminatorLength);
      this.pending = this.pending.slice(index + terminatorLength);
      if (line === '') {
        events.push(this.completeBlock());
      } else {
        this.readLine(line);
      }
    }
    return events;
  }

  private readLine(text: string): void {
    const line = this.atStreamStart && text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text;
    this.atStreamStart = false;
    if (line.startsWith(':')) return; // a comment
    const colon = line.indexOf(':');
    const name = colon === -1 ? line : line.slice(0, colon);
    const rawValue = colon === -1 ? '' : line.slice(colon + 1);
    const value = rawValue.startsWith(' ') ? rawValue.slice(1) : rawValue;
    switch (name) {
      case 'event':
        this.fields.event = value;
        break;
      case 'data':
        this.fields.dataLines.push(value);
        break;
      case 'id':
        if (!value.includes('\0')) this.fields.id = value;
        break;
      case 'retry':
        if (/^[0-9]+$/.test(value)) this.fields.retry = Number(value);
        break;
      default:
        break; // the spec ignores unknown fields
    }
  }

  private completeBlock(): SseEvent {
    this.atStreamStart = false;
    const { event, dataLines, id, retry } = this.fields;
    const completed: SseEvent = {
      raw: this.blockRaw,
      ...(event === undefined ? {} : { event }),
      ...(dataLines.length === 0 ? {} : { data: dataLines.join('\n') }),
      ...(id === undefined ? {} : { id }),
      ...(retry === undefined ? {} : { retry }),
    };
    this.blockRaw = '';
    this.fields = { dataLines: [] };
    return completed;
  }
}
