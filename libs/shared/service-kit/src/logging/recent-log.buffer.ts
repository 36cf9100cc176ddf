// The service's most recent log records, kept in memory so an operator can read them through the
// service itself (the gateway serves them as `logs://recent`). It is fed the same lines that go to
// stdout, after pino's redaction and the credential scrubbing, so it never holds more than the
// logs do; request headers are dropped on top of that.
import type { DestinationStream } from 'pino';

export interface RecentLogRecord {
  readonly time: string;
  readonly level: string;
  readonly context?: string;
  readonly message: string;
  readonly requestId?: string;
  readonly method?: string;
  readonly url?: string;
  readonly statusCode?: number;
  readonly error?: string;
}

const LEVEL_NAMES: Readonly<Record<number, string>> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};

export const DEFAULT_RECENT_LOG_CAPACITY = 500;

export class RecentLogBuffer implements DestinationStream {
  /**
   * A ring of the lines as pino wrote them, parsed only when read: logging happens on every
   * request, reading when an operator asks.
   */
  private readonly lines: string[] = [];
  /** Where the next line goes once the ring is full (it is also the oldest line). */
  private next = 0;

  constructor(private readonly capacity = DEFAULT_RECENT_LOG_CAPACITY) {}

  /** pino calls this with one serialized JSON line per record. */
  write(line: string): void {
    if (this.lines.length < this.capacity) {
      this.lines.push(line);
      return;
    }
    this.lines[this.next] = line;
    this.next = (this.next + 1) % this.capacity;
  }

  /** The newest `limit` records, oldest first, optionally only those a predicate keeps. */
  recent(limit = this.capacity, keep?: (record: RecentLogRecord) => boolean): RecentLogRecord[] {
    const ordered = [...this.lines.slice(this.next), ...this.lines.slice(0, this.next)];
    const records = ordered.map(toRecord).filter((record) => record !== undefined);
    const selected = keep === undefined ? records : records.filter(keep);
    return selected.slice(Math.max(0, selected.length - limit));
  }
}

function toRecord(line: string): RecentLogRecord | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const fields = parsed as Record<string, unknown>;
  const request = objectField(fields, 'req');
  const response = objectField(fields, 'res');
  const error = objectField(fields, 'err');
  return {
    time:
      typeof fields['time'] === 'number' ? new Date(fields['time']).toISOString() : new Date().toISOString(),
    level:
      typeof fields['level'] === 'number'
        ? (LEVEL_NAMES[fields['level']] ?? String(fields['level']))
        : 'info',
    ...optionalString('context', fields['context']),
    message: typeof fields['msg'] === 'string' ? fields['msg'] : '',
    ...optionalString('requestId', request?.['id']),
    ...optionalString('method', request?.['method']),
    ...optionalString('url', request?.['url']),
    ...(typeof response?.['statusCode'] === 'number' ? { statusCode: response['statusCode'] } : {}),
    ...optionalString('error', error?.['message']),
  };
}

function objectField(fields: Record<string, unknown>, name: string): Record<string, unknown> | undefined {
  const value = fields[name];
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

function optionalString<K extends string>(key: K, value: unknown): Partial<Record<K, string>> {
  return typeof value === 'string' || typeof value === 'number'
    ? ({ [key]: String(value) } as Record<K, string>)
    : {};
}
