// Readers for the plain settings of a server record (flags, the timeout, bounded text). Each
// returns a usable value and records problems, so one pass reports every mistake at once.
import { describeType } from './input-value.helpers';
import type { InputValue } from './server-input-fields';

export const DEFAULT_REQUEST_TIMEOUT_SECONDS = 15;
export const DEFAULT_MAX_REQUEST_TIMEOUT_SECONDS = 600;

/** Strictly a boolean: the string "false" is truthy, so accepting strings would invert intent. */
export function readBoolean(input: InputValue | undefined, fallback: boolean, problems: string[]): boolean {
  if (input === undefined) {
    return fallback;
  }
  if (typeof input.value === 'boolean') {
    return input.value;
  }
  problems.push(`${input.name}: must be true or false, not ${describeType(input.value)}`);
  return fallback;
}

/** A string of at most `maxLength` UTF-16 units; checked before any other work on it. */
export function readText(
  input: InputValue | undefined,
  maxLength: number,
  problems: string[],
): string | undefined {
  if (input === undefined) {
    return undefined;
  }
  if (typeof input.value !== 'string') {
    problems.push(`${input.name}: must be a string, not ${describeType(input.value)}`);
    return undefined;
  }
  if (input.value.length > maxLength) {
    problems.push(`${input.name}: must be at most ${maxLength} characters`);
    return undefined;
  }
  return input.value;
}

/** Seconds as written in the file (a number, fractions allowed), returned in milliseconds. */
export function readRequestTimeoutMs(
  input: InputValue | undefined,
  maxSeconds: number,
  problems: string[],
): number {
  const fallback = DEFAULT_REQUEST_TIMEOUT_SECONDS * 1000;
  if (input === undefined) {
    return fallback;
  }
  const seconds = input.value;
  const milliseconds = typeof seconds === 'number' ? Math.round(seconds * 1000) : Number.NaN;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds > maxSeconds || milliseconds < 1) {
    const got = typeof seconds === 'number' ? String(seconds) : describeType(seconds);
    problems.push(
      `${input.name}: must be a number of seconds greater than 0 and at most ${maxSeconds}, not ${got}`,
    );
    return fallback;
  }
  return milliseconds;
}
