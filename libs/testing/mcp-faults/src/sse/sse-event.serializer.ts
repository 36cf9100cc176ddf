// Writes one SSE event block; the fault proxy uses it for events it rewrites (untouched events
// are relayed with their original text).
import type { SseEvent } from './sse-event.parser';

export type SseEventFields = Omit<SseEvent, 'raw'>;

/**
 * The block for `fields`, LF line ends, a space after each colon. Multi-line data becomes one
 * `data:` line per line (CR, LF and CRLF all split). Throws for an `event` or `id` with a line
 * break, or an `id` with NUL, which SSE cannot carry.
 */
export function serializeSseEvent(fields: SseEventFields): string {
  const lines: string[] = [];
  if (fields.event !== undefined) lines.push(`event: ${singleLine('event', fields.event)}`);
  if (fields.id !== undefined) {
    if (fields.id.includes('\0')) throw new Error('SSE id cannot contain NUL');
    lines.push(`id: ${singleLine('id', fields.id)}`);
  }
  if (fields.retry !== undefined) {
    if (!Number.isSafeInteger(fields.retry) || fields.retry < 0) {
      throw new Error(`SSE retry must be a non-negative integer, got ${fields.retry}`);
    }
    lines.push(`retry: ${fields.retry}`);
  }
  if (fields.data !== undefined) {
    for (const line of fields.data.split(/\r\n|\r|\n/)) lines.push(`data: ${line}`);
  }
  // A block without fields is a lone blank line; joining nothing would add a second one.
  return lines.length === 0 ? '\n' : `${lines.join('\n')}\n\n`;
}

function singleLine(name: string, value: string): string {
  if (/[\r\n]/.test(value)) throw new Error(`SSE ${name} cannot contain a line break`);
  return value;
}
