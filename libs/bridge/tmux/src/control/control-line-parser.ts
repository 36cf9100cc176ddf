// Turns a tmux control-mode byte stream into events. Output blocks are closed only by the
// `%end`/`%error` line carrying the same time and command number as their `%begin`: pane text
// returned by a command (capture-pane) may contain a line such as `%end 1 2 1`, which must stay
// content. Pane output is decoded as bytes; the bytes are UTF-8 only once a terminal reads them.
import type { ControlEvent, ControlNotification } from './control-events';
import { decodeOctalEscapes } from './octal-escape';

const NEWLINE = 0x0a;
const BEGIN = /^%begin (\d+) (\d+) (\d+)$/;
const OUTPUT_PREFIX = '%output ';
const EXTENDED_OUTPUT_PREFIX = '%extended-output ';

interface OpenBlock {
  readonly time: string;
  readonly number: string;
  readonly flags: string;
  readonly lines: string[];
}

export class ControlLineParser {
  private partial: Buffer[] = [];
  private block: OpenBlock | undefined;

  /** Feeds raw bytes from the client's stdout; returns the events completed by them, in order. */
  push(chunk: Buffer): ControlEvent[] {
    const events: ControlEvent[] = [];
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      const piece = chunk.subarray(start, end);
      const line = this.partial.length > 0 ? Buffer.concat([...this.partial, piece]) : piece;
      this.partial = [];
      const event = this.parseLine(line);
      if (event !== undefined) events.push(event);
      start = end + 1;
    }
    if (start < chunk.length) this.partial.push(Buffer.from(chunk.subarray(start)));
    return events;
  }

  private parseLine(line: Buffer): ControlEvent | undefined {
    if (this.block !== undefined) return this.continueBlock(line.toString('utf8'));
    if (startsWith(line, OUTPUT_PREFIX)) return outputEvent(line, OUTPUT_PREFIX.length);
    if (startsWith(line, EXTENDED_OUTPUT_PREFIX)) return extendedOutputEvent(line);
    const text = line.toString('utf8');
    const begin = BEGIN.exec(text);
    if (begin !== null) {
      this.block = {
        time: begin[1] as string,
        number: begin[2] as string,
        flags: begin[3] as string,
        lines: [],
      };
      return undefined;
    }
    return text.startsWith('%') ? notificationEvent(text) : undefined;
  }

  private continueBlock(text: string): ControlEvent | undefined {
    const block = this.block as OpenBlock;
    const closing = /^%(end|error) (\d+) (\d+) (\d+)$/.exec(text);
    if (closing === null || closing[2] !== block.time || closing[3] !== block.number) {
      block.lines.push(text);
      return undefined;
    }
    this.block = undefined;
    return { type: 'block', ...block, ok: closing[1] === 'end' };
  }
}

function startsWith(line: Buffer, prefix: string): boolean {
  return line.length >= prefix.length && line.toString('latin1', 0, prefix.length) === prefix;
}

/** `%output %<pane> <data>`. */
function outputEvent(line: Buffer, offset: number): ControlEvent | undefined {
  const space = line.indexOf(0x20, offset);
  if (space === -1) return undefined;
  const paneId = line.toString('latin1', offset, space);
  return { type: 'output', paneId, data: decodeOctalEscapes(line, space + 1) };
}

/** `%extended-output %<pane> <age> … : <data>` (sent instead of %output under `pause-after`). */
function extendedOutputEvent(line: Buffer): ControlEvent | undefined {
  const separator = line.indexOf(' : ');
  if (separator === -1) return undefined;
  const paneId = line.toString('latin1', EXTENDED_OUTPUT_PREFIX.length).split(' ')[0] ?? '';
  return { type: 'output', paneId, data: decodeOctalEscapes(line, separator + 3) };
}

function notificationEvent(text: string): ControlNotification {
  const space = text.indexOf(' ');
  const name = space === -1 ? text.slice(1) : text.slice(1, space);
  const rest = space === -1 ? '' : text.slice(space + 1);
  const [first = '', second = ''] = splitOnce(rest);
  switch (name) {
    case 'exit':
      return { type: 'exit', reason: rest };
    case 'session-changed':
      return { type: 'session-changed', sessionId: first, name: second };
    case 'session-renamed':
      // The man page documents `name`; tmux 3.3a sends `$id name`.
      return { type: 'session-renamed', name: /^\$\d+$/.test(first) ? second : rest };
    case 'sessions-changed':
      return { type: 'sessions-changed' };
    case 'window-renamed':
      return { type: 'window-renamed', windowId: first, name: second };
    case 'layout-change':
      return { type: 'layout-change', windowId: first };
    case 'window-pane-changed':
      return { type: 'window-pane-changed', windowId: first, paneId: second };
    case 'session-window-changed':
      return { type: 'session-window-changed', sessionId: first, windowId: second };
    case 'window-close':
    case 'unlinked-window-close':
      return { type: 'window-close', windowId: first };
    case 'pane-mode-changed':
      return { type: 'pane-mode-changed', paneId: first };
    default:
      return { type: 'other', name, text: rest };
  }
}

function splitOnce(text: string): [string, string] {
  const space = text.indexOf(' ');
  return space === -1 ? [text, ''] : [text.slice(0, space), text.slice(space + 1)];
}
