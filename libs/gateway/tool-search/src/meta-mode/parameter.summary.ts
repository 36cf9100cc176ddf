// A one-line, model-readable summary of a tool's parameters from its input schema, for the text block
// of `search_tools`: `path: string (required) — File to read; tail?: number; mode?: "a" | "b"`.
// The full schema travels in `structuredContent`; this line is for clients that show only text.
import type { JsonSchemaObject } from '../catalog/tool-catalog.types';

const MAX_PARAMETERS = 12;
const MAX_DESCRIPTION_LENGTH = 90;
const MAX_ENUM_VALUES = 6;

export function summarizeParameters(schema: JsonSchemaObject): string {
  const properties = objectOf(schema['properties']);
  const required = new Set(Array.isArray(schema['required']) ? schema['required'].filter(isString) : []);
  const names = Object.keys(properties);
  if (names.length === 0) return 'none';
  const parts = names.slice(0, MAX_PARAMETERS).map((name) => {
    const property = objectOf(properties[name]);
    const description = typeof property['description'] === 'string' ? shorten(property['description']) : '';
    const head = required.has(name)
      ? `${name}: ${typeOf(property)} (required)`
      : `${name}?: ${typeOf(property)}`;
    return description.length > 0 ? `${head} — ${description}` : head;
  });
  const more = names.length > MAX_PARAMETERS ? `; and ${names.length - MAX_PARAMETERS} more` : '';
  return `${parts.join('; ')}${more}`;
}

function typeOf(property: JsonSchemaObject): string {
  const values = Array.isArray(property['enum']) ? property['enum'] : undefined;
  if (values !== undefined && values.length > 0) {
    const shown = values.slice(0, MAX_ENUM_VALUES).map((value) => JSON.stringify(value));
    return `${shown.join(' | ')}${values.length > MAX_ENUM_VALUES ? ' | …' : ''}`;
  }
  if ('const' in property) return JSON.stringify(property['const']);
  const type = property['type'];
  const name = Array.isArray(type) ? type.filter(isString).join(' | ') : isString(type) ? type : 'any';
  if (name === 'array') return `array of ${typeOf(objectOf(property['items']))}`;
  return name.length > 0 ? name : 'any';
}

function shorten(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= MAX_DESCRIPTION_LENGTH
    ? line
    : `${line.slice(0, MAX_DESCRIPTION_LENGTH - 1).trimEnd()}…`;
}

function objectOf(value: unknown): JsonSchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as JsonSchemaObject)
    : {};
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}
