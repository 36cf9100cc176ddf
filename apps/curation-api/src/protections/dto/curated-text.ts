// The one rule for the free text people attach to protections, requests and decisions: a trimmed
// single line of at most 500 characters, without control characters (NUL would fail in Postgres;
// newlines and bidi overrides would let a reason pose as something else in a list or the ledger).
import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsString, Matches, MaxLength } from 'class-validator';

export const TEXT_MAX_LENGTH = 500;

// C0 and C1 controls (Cc) and the bidirectional embedding, override and isolate characters.
const NO_CONTROL_CHARACTERS = /^[^\p{Cc}\u202A-\u202E\u2066-\u2069]*$/u;

/**
 * The same rule for callers that do not come through a DTO (the MCP endpoint): the trimmed text,
 * undefined for none, or what is wrong with it. Length counts code points, as PostgreSQL does.
 */
export function curatedText(
  field: string,
  value: string | undefined,
): { text: string | undefined } | { problem: string } {
  const text = value?.trim();
  if (text === undefined || text === '') return { text: undefined };
  if ([...text].length > TEXT_MAX_LENGTH)
    return { problem: `${field} must be at most ${TEXT_MAX_LENGTH} characters` };
  if (!NO_CONTROL_CHARACTERS.test(text))
    return {
      problem: `${field} must be one line without control characters (no newlines, tabs, NUL or bidi overrides)`,
    };
  return { text };
}

/** A bounded, trimmed line of text; whether it may be empty is the caller's rule. */
export function CuratedText(field: string): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value)),
    IsString({ message: `${field} must be a string` }),
    MaxLength(TEXT_MAX_LENGTH, { message: `${field} must be at most ${TEXT_MAX_LENGTH} characters` }),
    Matches(NO_CONTROL_CHARACTERS, {
      message: `${field} must be one line without control characters (no newlines, tabs, NUL or bidi overrides)`,
    }),
  );
}
