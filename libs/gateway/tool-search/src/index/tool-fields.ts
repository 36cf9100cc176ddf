// The fields of a tool document and how each is read from a catalog entry. Parameter names and
// descriptions come from `inputSchema.properties`, one level of nesting deep (object properties and
// array items), which is where agents' words about inputs ("by label", "with a glob") show up.
import type { JsonSchemaObject, ToolCatalogEntry } from '../catalog/tool-catalog.types';
import { analyzeText } from '../text/term.analyzer';

export const TOOL_FIELDS = [
  'name',
  'server',
  'title',
  'description',
  'parameterNames',
  'parameterDescriptions',
] as const;
export type ToolField = (typeof TOOL_FIELDS)[number];
export const FIELD_COUNT = TOOL_FIELDS.length;

/** Backends are untrusted: a schema with thousands of properties must not blow up indexing. */
const MAX_PROPERTIES_PER_LEVEL = 100;

/** The analyzed terms of each field, in `TOOL_FIELDS` order. */
export function toolFieldTerms(entry: ToolCatalogEntry): string[][] {
  const parameters = describeParameters(entry.inputSchema);
  const texts: Record<ToolField, string> = {
    name: entry.name,
    server: [entry.serverId, entry.serverDisplayName ?? '', ...entry.serverCategories].join(' '),
    title: entry.title ?? '',
    description: entry.description ?? '',
    parameterNames: parameters.names.join(' '),
    parameterDescriptions: parameters.descriptions.join(' '),
  };
  return TOOL_FIELDS.map((field) => analyzeText(texts[field]));
}

interface ParameterText {
  readonly names: string[];
  readonly descriptions: string[];
}

function describeParameters(schema: JsonSchemaObject): ParameterText {
  const text: ParameterText = { names: [], descriptions: [] };
  for (const [name, property] of propertiesOf(schema)) {
    collectProperty(text, name, property);
    for (const nested of [property, objectOf(property['items'])]) {
      for (const [nestedName, nestedProperty] of propertiesOf(nested)) {
        collectProperty(text, nestedName, nestedProperty);
      }
    }
  }
  return text;
}

function collectProperty(text: ParameterText, name: string, property: JsonSchemaObject): void {
  text.names.push(name);
  for (const key of ['title', 'description']) {
    const value = property[key];
    if (typeof value === 'string') text.descriptions.push(value);
  }
  const values = Array.isArray(property['enum']) ? property['enum'] : [];
  for (const value of values.slice(0, MAX_PROPERTIES_PER_LEVEL)) {
    if (typeof value === 'string') text.descriptions.push(value);
  }
}

function propertiesOf(schema: JsonSchemaObject): [string, JsonSchemaObject][] {
  const properties = objectOf(schema['properties']);
  return Object.entries(properties)
    .slice(0, MAX_PROPERTIES_PER_LEVEL)
    .map(([name, value]): [string, JsonSchemaObject] => [name, objectOf(value)]);
}

function objectOf(value: unknown): JsonSchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as JsonSchemaObject)
    : {};
}
