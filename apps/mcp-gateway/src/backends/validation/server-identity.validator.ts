// The settings that name a backend server and place it: id, display name, transport type and
// categories. The id rule itself lives in @platform/scopes so scopes and registration agree.
import { isValidServerId, parseCategories } from '@platform/scopes';
import { BACKEND_TRANSPORTS } from '../backend-server';
import type { BackendTransport } from '../backend-server';
import { codePointLength, describeType, hasUnprintableCharacters, quote } from './input-value.helpers';
import { RESERVED_SERVER_IDS, isReservedServerId } from './reserved-server-ids.constants';
import type { InputValue } from './server-input-fields';
import { readText } from './scalar-field.readers';

export const MAX_DISPLAY_NAME_LENGTH = 200;
export const MAX_CATEGORY_LENGTH = 64;
export const MAX_CATEGORIES = 64;
const MAX_CATEGORY_TEXT_LENGTH = 4096;

export function readServerId(input: InputValue | undefined, problems: string[]): string {
  if (input === undefined) {
    problems.push('id: is required');
    return '';
  }
  const id = readText(input, 256, problems);
  if (id === undefined) {
    return '';
  }
  if (!isValidServerId(id)) {
    problems.push(
      `${input.name}: ${quote(id)} must be 1 to 64 of a-z, 0-9, "_" and "-", start with a letter or digit, ` +
        'not contain "__" and not end with "_"',
    );
  } else if (isReservedServerId(id)) {
    problems.push(`${input.name}: "${id}" is reserved by the gateway (${RESERVED_SERVER_IDS.join(', ')})`);
  }
  return id;
}

/** Same grammar as an id (it replaces the id as a namespace), but never a reserved path or the id itself. */
export function readAlias(input: InputValue | undefined, id: string, problems: string[]): string | undefined {
  if (input === undefined) {
    return undefined;
  }
  const alias = readText(input, 256, problems);
  if (alias === undefined) {
    return undefined;
  }
  if (!isValidServerId(alias)) {
    problems.push(
      `${input.name}: ${quote(alias)} must be 1 to 64 of a-z, 0-9, "_" and "-", start with a letter or digit, ` +
        'not contain "__" and not end with "_"',
    );
  } else if (isReservedServerId(alias)) {
    problems.push(`${input.name}: "${alias}" is reserved by the gateway (${RESERVED_SERVER_IDS.join(', ')})`);
  } else if (alias === id) {
    return undefined;
  }
  return alias;
}

/** Case-insensitive (`SSE` is `sse`); undefined when missing or unknown. */
export function readTransport(
  input: InputValue | undefined,
  problems: string[],
): BackendTransport | undefined {
  if (input === undefined) {
    problems.push(`type: is required (${BACKEND_TRANSPORTS.join(', ')})`);
    return undefined;
  }
  const text = readText(input, 256, problems);
  if (text === undefined) {
    return undefined;
  }
  const type = BACKEND_TRANSPORTS.find((candidate) => candidate === text.trim().toLowerCase());
  if (type === undefined) {
    problems.push(`${input.name}: must be one of ${BACKEND_TRANSPORTS.join(', ')}, not ${quote(text)}`);
  }
  return type;
}

/** Trimmed; undefined when not given (the caller defaults it to the id). */
export function readDisplayName(input: InputValue | undefined, problems: string[]): string | undefined {
  const text = readText(input, MAX_DISPLAY_NAME_LENGTH * 4, problems)?.trim();
  if (input === undefined || text === undefined) {
    return undefined;
  }
  if (codePointLength(text) > MAX_DISPLAY_NAME_LENGTH) {
    problems.push(`${input.name}: must be at most ${MAX_DISPLAY_NAME_LENGTH} characters`);
  } else if (hasUnprintableCharacters(text)) {
    problems.push(`${input.name}: must not contain control, bidirectional or other invisible characters`);
  }
  return text;
}

/**
 * JSON array text, a comma list or an array of strings; normalized by `parseCategories`. Text that
 * starts with `[` must really be a JSON array: `parseCategories` would read a broken one as "no
 * categories", which is right for a stored row but hides the mistake at the edge.
 */
export function readCategories(input: InputValue | undefined, problems: string[]): readonly string[] {
  if (input === undefined) {
    return [];
  }
  const names = categoryNames(input, problems);
  if (names === undefined) {
    return [];
  }
  const categories = parseCategories(names);
  if (categories.length > MAX_CATEGORIES) {
    problems.push(`${input.name}: must list at most ${MAX_CATEGORIES} categories`);
  }
  for (const category of categories.slice(0, MAX_CATEGORIES)) {
    if (codePointLength(category) > MAX_CATEGORY_LENGTH) {
      problems.push(`${input.name}: ${quote(category)} is longer than ${MAX_CATEGORY_LENGTH} characters`);
    } else if (category.includes(',') || hasUnprintableCharacters(category)) {
      problems.push(`${input.name}: ${quote(category)} must not contain "," or invisible characters`);
    }
  }
  return categories;
}

function categoryNames(input: InputValue, problems: string[]): readonly string[] | undefined {
  if (typeof input.value === 'string') {
    const text = readText(input, MAX_CATEGORY_TEXT_LENGTH, problems);
    if (text === undefined || !text.trimStart().startsWith('[')) {
      return text?.split(',');
    }
    return stringArray(input.name, jsonArrayOrUndefined(text), problems);
  }
  if (Array.isArray(input.value)) {
    return stringArray(input.name, input.value as readonly unknown[], problems);
  }
  problems.push(
    `${input.name}: must be a comma list, JSON array text or a list of strings, not ${describeType(input.value)}`,
  );
  return undefined;
}

function jsonArrayOrUndefined(text: string): readonly unknown[] | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed as readonly unknown[]) : undefined;
  } catch {
    // Reported by the caller as "not a JSON array".
    return undefined;
  }
}

function stringArray(
  name: string,
  items: readonly unknown[] | undefined,
  problems: string[],
): readonly string[] | undefined {
  if (items === undefined) {
    problems.push(`${name}: text starting with "[" must be a JSON array of strings`);
    return undefined;
  }
  if (items.length > MAX_CATEGORIES * 4) {
    problems.push(`${name}: must list at most ${MAX_CATEGORIES} categories`);
    return undefined;
  }
  const wrong = items.findIndex((item) => typeof item !== 'string');
  if (wrong >= 0) {
    problems.push(`${name}: entry ${wrong + 1} must be a string, not ${describeType(items[wrong])}`);
    return undefined;
  }
  return items as readonly string[];
}
