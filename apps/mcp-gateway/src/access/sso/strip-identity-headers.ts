// Removes identity headers from a request in place, from every view Node offers of them
// (`headers`, `rawHeaders`, `headersDistinct`), so that nothing after this point (other
// authentication methods, loggers, the proxy to backends) can read a forged copy.
import type { IncomingHttpHeaders } from 'node:http';
import { foldAsciiCase } from '@platform/scopes';
import type { SsoHeaderNames } from './sso-header-names';

export interface HeaderBearingRequest {
  headers: IncomingHttpHeaders;
  rawHeaders: string[];
  /** Node's per-name arrays of values, built on first access. */
  readonly headersDistinct?: NodeJS.Dict<string[]>;
}

/**
 * - `everything`: the headers the gateway reads, every other identity-like header and the
 *   proxy proof, for every request whose identity was not built from them;
 * - `keep-read`: everything but the headers the gateway reads, for trusted requests.
 */
export type StripMode = 'everything' | 'keep-read';

/** Returns the lower-case names it removed (never values), for audit logs. */
export function stripIdentityHeaders(
  request: HeaderBearingRequest,
  names: SsoHeaderNames,
  mode: StripMode,
): string[] {
  const removed = new Set<string>();
  const shouldRemove = (name: string): boolean => {
    const nameClass = names.classify(name);
    const remove =
      nameClass === 'proof' || nameClass === 'identity' || (nameClass === 'read' && mode === 'everything');
    if (remove) removed.add(foldAsciiCase(name));
    return remove;
  };

  // Node builds `headers` and `headersDistinct` lazily from rawHeaders, reading as many
  // entries as were originally received: both views must exist before rawHeaders shrinks,
  // or building them later would walk off its end.
  const { headers, headersDistinct, rawHeaders } = request;
  for (const view of [headers, headersDistinct]) {
    if (view === undefined) continue;
    for (const name of Object.keys(view)) {
      if (shouldRemove(name)) delete view[name];
    }
  }
  const kept: string[] = [];
  for (let index = 0; index < rawHeaders.length; index += 2) {
    const name = rawHeaders[index] ?? '';
    if (!shouldRemove(name)) kept.push(name, ...rawHeaders.slice(index + 1, index + 2));
  }
  if (kept.length !== rawHeaders.length) rawHeaders.splice(0, rawHeaders.length, ...kept);
  return [...removed];
}
