// The fields of a tool document and how each is read from a catalog entry. `summary` is the
// description's first sentence, where tool descriptions say what the tool does (the rest is usage
// notes). Parameter names and descriptions come from `inputSchema.properties`, one level of nesting
// deep (object properties and array items), where agents' words about inputs show up.
import type { JsonSchemaObject, ToolCatalogEntry } from '../catalog/tool-catalog.types';
import { analyzeText } from '../text/term.analyzer';

export const TOOL_FIELDS = [
  'name',
  'server',
  'title',
  'description',
  'summary',
  'parameterNames',
  'parameterDescriptions',
] as const;
export type ToolField = (typeof TOOL_FIELDS)[number];
export const FIELD_COUNT = TOOL_FIELDS.length;

/** Backends are untrusted: a schema with thousands of properties must not blow up indexing. */
const MAX_PROPERTIES_PER_LEVEL = 100;

/** The distinct words of a tool's bare name, analyzed, without compounds (for name coverage). */
export function toolNameWords(entry: ToolCatalogEntry): string[] {
  return [...new Set(analyzeText(entry.name, { compounds: false }))];
}

/**
 * The first word of a tool's name after the words of its server's name (`search` in
 * `jira_search_issues` on `jira`, `web` in `brave_web_search` on Brave Search): usually what the tool
 * does. Depends only on the tool and its server's names, never on the server's other tools, so
 * hidden tools cannot change it.
 */
export function toolActionWord(
  nameWords: readonly string[],
  serverWords: ReadonlySet<string>,
): string | undefined {
  return nameWords.find((word) => !serverWords.has(word)) ?? nameWords[0];
}

/** The analyzed terms of each field, in `TOOL_FIELDS` order. */
export function toolFieldTerms(entry: ToolCatalogEntry): string[][] {
  const texts = toolFieldTexts(entry);
  return TOOL_FIELDS.map((field) => analyzeText(texts[field]));
}

/** The tool's plain words (all fields, no compounds): its vocabulary for prefix and typo matching. */
export function toolPlainWords(entry: ToolCatalogEntry): Set<string> {
  const texts = toolFieldTexts(entry);
  return new Set(TOOL_FIELDS.flatMap((field) => analyzeText(texts[field], { compounds: false })));
}

function toolFieldTexts(entry: ToolCatalogEntry): Record<ToolField, string> {
  const parameters = describeParameters(entry.inputSchema);
  return {
    name: entry.name,
    server: [entry.serverId, entry.serverDisplayName ?? '', ...entry.serverCategories].join(' '),
    title: entry.title ?? '',
    description: entry.description ?? '',
    summary: firstSentence(entry.description ?? ''),
    parameterNames: parameters.names.join(' '),
    parameterDescriptions: parameters.descriptions.join(' '),
  };
}

interface ParameterText {
  readonly names: string[];
  readonly descriptions: string[];
}

function describeParameters(schema: JsonSchemaObject): ParameterText {
  const text: ParameterText = { names: [], descriptions: [] };
  forEachParameter(schema, (name, property) => collectProperty(text, name, property));
  return text;
}

/**
 * Calls `visit` for each property of `schema` and, one level down, of each property's own properties
 * and array items, in schema order; at most 100 per level.
 */
export function forEachParameter(
  schema: JsonSchemaObject,
  visit: (name: string, property: JsonSchemaObject) => void,
): void {
  for (const [name, property] of propertiesOf(schema)) {
    visit(name, property);
    for (const nested of [property, objectOf(property['items'])]) {
      for (const [nestedName, nestedProperty] of propertiesOf(nested)) visit(nestedName, nestedProperty);
    }
  }
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

/** The description up to its first sentence end: where tool descriptions say what the tool does. */
function firstSentence(description: string): string {
  const match = /^[\s\S]*?[.!?](?=\s|$)/.exec(description.trim());
  return (match?.[0] ?? description).slice(0, 300);
}
