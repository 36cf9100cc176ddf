// Decorators that turn environment strings into typed values before validation.
// Environment variables are always strings; these parse them strictly so that
// "8080abc" or "yes please" is rejected instead of silently coerced.
import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';

const TRUE_WORDS = new Set(['true', '1', 'yes', 'on']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'off']);

/** Parses a boolean written as true/false, 1/0, yes/no or on/off (any case). */
export function EnvBoolean(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) => {
    if (typeof value !== 'string') return value;
    const word = value.trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
    return value;
  });
}

/** Parses a base-10 integer; anything else stays a string and fails `@IsInt()`. */
export function EnvInteger(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    return /^-?\d{1,15}$/.test(text) ? Number(text) : value;
  });
}

/** Treats an empty string like an unset variable, so `FOO=` falls back to the default. */
export function EmptyAsUnset(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) => (value === '' ? undefined : value));
}

/** What a bounded integer counts, named in its error message. */
export type IntegerUnit = 'seconds' | 'milliseconds' | 'minutes' | 'bytes' | 'days';

/**
 * An integer variable within `[min, max]`, parsed like {@link EnvInteger}. Every failure (not an
 * integer, too small, too large) reads the same, so an operator sees the allowed range at once:
 * `must be an integer number of seconds between 1 and 300`.
 */
export function EnvIntegerBetween(min: number, max: number, unit?: IntegerUnit): PropertyDecorator {
  const message = `must be an integer${unit === undefined ? '' : ` number of ${unit}`} between ${min} and ${max}`;
  const decorators = [EnvInteger(), IsInt({ message }), Min(min, { message }), Max(max, { message })];
  return (target, property) => {
    for (const decorate of decorators) decorate(target, property);
  };
}
