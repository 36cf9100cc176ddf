// Makes request parameters safe to keep: values under secret-looking names are replaced,
// AppKeys and bearer tokens inside strings are redacted, and size is bounded so one huge
// tool argument cannot bloat the audit table.
import { scrubText } from '@platform/service-kit';
import type { AuditJson } from './audit-event.entity';

const SECRET_NAME =
  /pass(word)?|secret|token|api[-_]?key|app[-_]?key|authorization|cookie|credential|private/i;
const MAX_DEPTH = 6;
const MAX_ITEMS = 50;
const MAX_STRING = 1000;
/** U+0000, a high surrogate not followed by a low one, or a low one not preceded by a high one. */
// eslint-disable-next-line no-control-regex -- matching U+0000 is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function sanitizeForAudit(value: unknown, depth = 0): AuditJson {
  if (typeof value === 'string') {
    const scrubbed = scrubText(value);
    // Made storable after the cut, which may split a surrogate pair.
    return storable(scrubbed.length > MAX_STRING ? `${scrubbed.slice(0, MAX_STRING)}…` : scrubbed);
  }
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (depth >= MAX_DEPTH) return '[nested too deep]';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((item) => sanitizeForAudit(item, depth + 1));
    return value.length > MAX_ITEMS ? [...items, `[${value.length - MAX_ITEMS} more]`] : items;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value).slice(0, MAX_ITEMS);
    return Object.fromEntries(
      entries.map(([name, item]) => [
        storable(name),
        SECRET_NAME.test(name) ? '[REDACTED]' : sanitizeForAudit(item, depth + 1),
      ]),
    );
  }
  // Functions, symbols, bigints and undefined have no JSON form worth keeping.
  return null;
}

/**
 * Text PostgreSQL's jsonb can hold: it refuses U+0000 and unpaired surrogates, and one such
 * string would fail the whole batch it is written in. Both become U+FFFD.
 */
function storable(text: string): string {
  return text.replace(UNSTORABLE, '\uFFFD');
}
