// Decorators that turn environment strings into typed values before validation.
// Environment variables are always strings; these parse them strictly so that
// "8080abc" or "yes please" is rejected instead of silently coerced.
import { Transform } from 'class-transformer';

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
