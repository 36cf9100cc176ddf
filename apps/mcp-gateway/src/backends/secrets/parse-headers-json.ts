// `headersJson` of a backend record: extra headers sent to a network backend, as JSON object
// text mapping header names to string values. Validated when the record is loaded or saved.
import { headerNameProblem, headerValueProblem, quoted } from './http-field-syntax';

export const MAX_HEADERS_JSON_LENGTH = 64 * 1024;
export const MAX_EXTRA_HEADERS = 64;
/**
 * headersJson is stored and shown as plain text, so credentials do not belong in it; the auth
 * shapes place them (lowercase).
 */
export const CREDENTIAL_HEADER_NAMES: ReadonlySet<string> = new Set(['authorization', 'x-api-key']);

export type HeadersJsonResult =
  | { readonly ok: true; readonly headers: Readonly<Record<string, string>> }
  | { readonly ok: false; readonly message: string };

/** Blank or absent text means no extra headers. Messages name headers, never their values. */
export function parseHeadersJson(text: string | undefined): HeadersJsonResult {
  if (text === undefined || text.trim() === '') return { ok: true, headers: {} };
  if (text.length > MAX_HEADERS_JSON_LENGTH)
    return invalid(`is longer than ${MAX_HEADERS_JSON_LENGTH} characters`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // The parser's own message quotes the text, which may hold a token: it is not passed on.
    return invalid('is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return invalid('must be a JSON object mapping header names to string values');
  }
  const entries = Object.entries(parsed);
  if (entries.length > MAX_EXTRA_HEADERS) return invalid(`names more than ${MAX_EXTRA_HEADERS} headers`);
  const seen = new Set<string>();
  for (const [name, value] of entries) {
    const nameProblem = headerNameProblem(name);
    if (nameProblem !== undefined) return invalid(`header name ${quoted(name)} ${nameProblem}`);
    if (seen.has(name.toLowerCase())) {
      return invalid(`names header ${name} more than once (header names are case-insensitive)`);
    }
    seen.add(name.toLowerCase());
    if (CREDENTIAL_HEADER_NAMES.has(name.toLowerCase())) {
      return invalid(`must not set ${name}: put the secret in a secret provider and choose an authShape`);
    }
    if (typeof value !== 'string') return invalid(`the value of header ${name} must be a string`);
    const valueProblem = headerValueProblem(value);
    if (valueProblem !== undefined) return invalid(`the value of header ${name} ${valueProblem}`);
  }
  // fromEntries defines own properties, so a header named __proto__ stays a header.
  return { ok: true, headers: Object.fromEntries(entries as Array<[string, string]>) };
}

function invalid(problem: string): HeadersJsonResult {
  return { ok: false, message: `headersJson ${problem}` };
}
