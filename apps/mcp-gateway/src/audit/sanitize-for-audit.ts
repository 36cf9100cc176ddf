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

export function sanitizeForAudit(value: unknown, depth = 0): AuditJson {
  if (typeof value === 'string') {
    const scrubbed = scrubText(value);
    return scrubbed.length > MAX_STRING ? `${scrubbed.slice(0, MAX_STRING)}…` : scrubbed;
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
        name,
        SECRET_NAME.test(name) ? '[REDACTED]' : sanitizeForAudit(item, depth + 1),
      ]),
    );
  }
  // Functions, symbols, bigints and undefined have no JSON form worth keeping.
  return null;
}
