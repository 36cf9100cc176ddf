// How a server's secret is presented to a network backend (`authShape`) and the header or query
// parameter name some shapes need (`authParameter`).
import type { AuthShape } from '../backend-server';
import { headerNameProblem, parseAuthShape } from '../secrets';
import type { InputValue, ServerInputFields } from './server-input-fields';
import { readText } from './scalar-field.readers';

/** Unreserved URL characters (RFC 3986), so the name needs no encoding. */
export const QUERY_PARAMETER_PATTERN = /^[A-Za-z0-9._~-]{1,128}$/;
const MAX_HEADER_NAME_LENGTH = 256;

export interface AuthSettings {
  readonly authShape: AuthShape;
  readonly authParameter?: string;
}

export function readAuthSettings(fields: ServerInputFields, problems: string[]): AuthSettings {
  const authShape = readAuthShape(fields.authShape, problems);
  const input = fields.authParameter;
  const authParameter = readText(input, MAX_HEADER_NAME_LENGTH, problems)?.trim();
  const needsParameter = authShape === 'custom-header' || authShape === 'query';
  if (input !== undefined && !needsParameter) {
    problems.push(`${input.name}: is only used with authShape "custom-header" or "query"`);
  } else if (input === undefined && needsParameter) {
    problems.push(`authParameter: is required with authShape "${authShape}"`);
  } else if (input !== undefined && authParameter !== undefined) {
    checkAuthParameter(input.name, authShape, authParameter, problems);
  }
  return authParameter === undefined ? { authShape } : { authShape, authParameter };
}

/** The header the secret is written to, lowercase; undefined for `query`. */
export function authHeaderName(settings: AuthSettings): string | undefined {
  switch (settings.authShape) {
    case 'bearer':
    case 'basic':
    case 'raw':
      return 'authorization';
    case 'x-api-key':
      return 'x-api-key';
    case 'custom-header':
      return settings.authParameter?.toLowerCase();
    case 'query':
      return undefined;
  }
}

/**
 * Spellings are shared with the secret handling: compared case-insensitively, ignoring `-`, `_`
 * and spaces, so `Bearer`, `XApiKey`, `X_API_KEY` and `CustomHeader` are understood.
 */
function readAuthShape(input: InputValue | undefined, problems: string[]): AuthShape {
  const text = readText(input, 256, problems);
  if (input === undefined || text === undefined) {
    return 'bearer';
  }
  const shape = parseAuthShape(text);
  if (!shape.ok) {
    problems.push(`${input.name}: ${shape.message}`);
    return 'bearer';
  }
  return shape.value;
}

// The value is not echoed: a pasted secret is a common mistake in this field.
function checkAuthParameter(name: string, shape: AuthShape, parameter: string, problems: string[]): void {
  const headerProblem = shape === 'custom-header' ? headerNameProblem(parameter) : undefined;
  if (shape === 'query' && !QUERY_PARAMETER_PATTERN.test(parameter)) {
    problems.push(`${name}: must be 1 to 128 of A-Z, a-z, 0-9, ".", "_", "~" and "-" for authShape "query"`);
  } else if (headerProblem !== undefined) {
    problems.push(`${name}: ${headerProblem}`);
  }
}
