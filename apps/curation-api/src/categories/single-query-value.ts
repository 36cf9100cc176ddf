// Query strings as Express parses them may repeat a name (an array) or nest (an object); these
// endpoints take each parameter once, and refuse names they do not know instead of ignoring a typo.
import { DomainError } from '@platform/service-kit';

export const QueryErrorCode = { InvalidParameter: 'query.invalid-parameter' } as const;

export function invalidParameter(parameter: string, problem: string): DomainError {
  return new DomainError('invalid-input', QueryErrorCode.InvalidParameter, `${parameter}: ${problem}`, {
    parameter,
  });
}

/** Refuses parameters outside `known`. */
export function rejectUnknownParameters(query: Record<string, unknown>, known: readonly string[]): void {
  for (const name of Object.keys(query)) {
    if (!known.includes(name)) {
      throw invalidParameter(name, `not a parameter here; the parameters are ${known.join(', ')}`);
    }
  }
}

/** The parameter's one string value, or undefined when absent. */
export function singleQueryValue(
  query: Record<string, unknown>,
  name: string,
  known: readonly string[],
): string | undefined {
  rejectUnknownParameters(query, known);
  return stringParameter(query, name);
}

/** The parameter's one string value; absent and empty are the same (undefined). */
export function textParameter(query: Record<string, unknown>, name: string): string | undefined {
  const value = stringParameter(query, name);
  return value === '' ? undefined : value;
}

export function stringParameter(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidParameter(name, 'give it once, as a plain value');
  return value;
}
