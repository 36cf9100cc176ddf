// Extra headers sent to a network backend (`headersJson` text or a `headers` object). Names must
// be RFC 9110 tokens and values what Node's HTTP client accepts, so a bad entry is reported when
// the server is saved instead of failing every request later (or splitting one, with CR/LF).
import type { BackendTransport, SecretProvider } from '../backend-server';
import { MAX_EXTRA_HEADERS, headerNameProblem, headerValueProblem } from '../secrets';
import { describeType, isPlainRecord, quote } from './input-value.helpers';
import type { InputValue } from './server-input-fields';
import { isNetworkTransport } from './server-url.validator';

/**
 * `Authorization` carries credentials, which belong in a secret provider (authShape `raw` sends
 * any Authorization value). Hop-by-hop, framing and MCP transport headers are refused by
 * `headerNameProblem`.
 */
const CREDENTIAL_HEADER = 'authorization';
// The same bound as `parseHeadersJson` (../secrets), which reads the stored text again.
const MAX_HEADERS_JSON_LENGTH = 64 * 1024;

export interface HeaderContext {
  readonly type: BackendTransport | undefined;
  readonly secretProvider: SecretProvider;
  /** The header the secret is written to (lowercase), when the auth shape uses one. */
  readonly authHeader: string | undefined;
}

export function readExtraHeaders(
  input: InputValue | undefined,
  context: HeaderContext,
  problems: string[],
): Readonly<Record<string, string>> {
  if (input === undefined) {
    return {};
  }
  if (context.type !== undefined && !isNetworkTransport(context.type)) {
    problems.push(`${input.name}: is only used with type sse, http or streamable`);
    return {};
  }
  const record = headerRecord(input, problems);
  if (record === undefined) {
    return {};
  }
  const entries = Object.entries(record);
  if (entries.length > MAX_EXTRA_HEADERS) {
    problems.push(`${input.name}: must have at most ${MAX_EXTRA_HEADERS} headers`);
    return {};
  }
  const seen = new Set<string>();
  const accepted: [string, string][] = [];
  for (const [name, value] of entries) {
    const problem = headerProblem(name, value, seen, context);
    if (problem === undefined) {
      accepted.push([name, value as string]);
    } else {
      problems.push(`${input.name}: ${problem}`);
    }
    seen.add(name.toLowerCase());
  }
  // fromEntries defines own properties, so a header called `__proto__` stays a header.
  return Object.fromEntries(accepted);
}

function headerRecord(input: InputValue, problems: string[]): Readonly<Record<string, unknown>> | undefined {
  let value = input.value;
  if (typeof value === 'string') {
    if (value.length > MAX_HEADERS_JSON_LENGTH) {
      problems.push(`${input.name}: must be at most ${MAX_HEADERS_JSON_LENGTH} characters`);
      return undefined;
    }
    value = parseJsonOrUndefined(value);
  }
  if (!isPlainRecord(value)) {
    const got =
      typeof input.value === 'string' ? 'text that is not a JSON object' : describeType(input.value);
    problems.push(`${input.name}: must be a JSON object of header names to string values, not ${got}`);
    return undefined;
  }
  return value;
}

function parseJsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Reported by the caller as "not a JSON object".
    return undefined;
  }
}

/** Syntax rules are the ones applied again when the request is sent (../secrets); values are never echoed. */
function headerProblem(
  name: string,
  value: unknown,
  seen: ReadonlySet<string>,
  context: HeaderContext,
): string | undefined {
  const lower = name.toLowerCase();
  const nameProblem = headerNameProblem(name);
  if (nameProblem !== undefined) {
    return `header ${quote(name)} ${nameProblem}`;
  }
  if (seen.has(lower)) {
    return `header "${name}" is given more than once (header names are case-insensitive)`;
  }
  if (lower === CREDENTIAL_HEADER) {
    return `header "${name}" carries credentials; use secretProvider with authShape bearer, basic or raw instead`;
  }
  if (context.secretProvider !== 'None' && lower === context.authHeader) {
    return `header "${name}" is already sent with the secret (authShape)`;
  }
  if (typeof value !== 'string') {
    return `header "${name}" must have a string value, not ${describeType(value)}`;
  }
  const valueProblem = headerValueProblem(value);
  return valueProblem === undefined ? undefined : `the value of header "${name}" ${valueProblem}`;
}
