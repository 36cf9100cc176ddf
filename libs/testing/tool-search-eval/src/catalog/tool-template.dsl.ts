// A compact notation for families of similar MCP servers (several code forges, several chat
// products…), rendered per server with that server's naming conventions, vocabulary and wording.
// One line per tool:  name :: description :: parameters [:: only=a,b | except=a,b]
// - name: words joined by `_`; `{placeholder}` takes a value from the server's vocabulary;
// - description: `{placeholder}` likewise, `{one|two|three}` picks one wording per server (seeded);
// - parameters: canonical camelCase names, `?` marks optional; types and descriptions come from the
//   parameter dictionary, so a typo in a name fails generation instead of producing a vague tool.
import type { ToolDefinition } from '@platform/tool-search';
import { hashText, seededRandom } from '../random/seeded-random';
import type { EvalServer } from './eval-catalog.types';

export type NamingConvention = 'snake' | 'kebab' | 'camel';

export interface ServerSpec {
  readonly id: string;
  readonly displayName: string;
  readonly categories: readonly string[];
  readonly naming: NamingConvention;
  readonly parameterNaming: 'snake' | 'camel';
  /** Words put in front of every tool name, as some servers do (`jira_get_issue`). */
  readonly namePrefix?: string;
  readonly vocabulary?: Readonly<Record<string, string>>;
}

/** `type: description`; type is string, integer, number, boolean, string[], object or enum(a|b). */
export type ParameterDocs = Readonly<Record<string, string>>;

export interface FamilySpec {
  readonly tools: string;
  readonly servers: readonly ServerSpec[];
  /** Family-specific parameter docs; override the shared dictionary. */
  readonly parameterDocs?: ParameterDocs;
}

interface ToolTemplate {
  readonly name: string;
  readonly description: string;
  readonly parameters: readonly string[];
  readonly only?: readonly string[];
  readonly except?: readonly string[];
}

export function renderFamily(family: FamilySpec, sharedDocs: ParameterDocs, seed: number): EvalServer[] {
  const templates = parseTemplates(family.tools);
  const docs = { ...sharedDocs, ...family.parameterDocs };
  return family.servers.map((server) => ({
    id: server.id,
    displayName: server.displayName,
    categories: server.categories,
    tools: templates
      .filter((template) => appliesTo(template, server.id))
      .map((template) => renderTool(template, server, docs, seed)),
  }));
}

function parseTemplates(text: string): ToolTemplate[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !line.startsWith('#'))
    .map((line) => {
      const [name, description, parameters, condition] = line.split('::').map((part) => part.trim());
      if (name === undefined || description === undefined || parameters === undefined) {
        throw new Error(`tool template needs name :: description :: parameters: ${line}`);
      }
      const [kind, list] = (condition ?? '').split('=');
      const servers = (list ?? '').split(',').filter((id) => id.length > 0);
      return {
        name,
        description,
        parameters: parameters.split(/\s+/).filter((parameter) => parameter.length > 0 && parameter !== '-'),
        ...(kind === 'only' ? { only: servers } : kind === 'except' ? { except: servers } : {}),
      };
    });
}

function appliesTo(template: ToolTemplate, serverId: string): boolean {
  if (template.only !== undefined) return template.only.includes(serverId);
  if (template.except !== undefined) return !template.except.includes(serverId);
  return true;
}

function renderTool(
  template: ToolTemplate,
  server: ServerSpec,
  docs: ParameterDocs,
  seed: number,
): ToolDefinition {
  const random = seededRandom(seed ^ hashText(`${server.id}/${template.name}`));
  const fill = (text: string) =>
    text.replace(/\{([^{}]+)\}/g, (_match, inner: string) => {
      if (inner.includes('|')) return random.pick(inner.split('|'));
      const value = server.vocabulary?.[inner];
      if (value === undefined) throw new Error(`${server.id}: no vocabulary for {${inner}}`);
      return value;
    });
  const words = [...(server.namePrefix?.split('_') ?? []), ...fill(template.name).split('_')];
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const parameter of template.parameters) {
    const optional = parameter.endsWith('?');
    const canonical = optional ? parameter.slice(0, -1) : parameter;
    const doc = docs[canonical];
    if (doc === undefined)
      throw new Error(`no parameter docs for '${canonical}' (${server.id} ${template.name})`);
    const name = server.parameterNaming === 'snake' ? snakeCase(canonical) : canonical;
    properties[name] = parameterSchema(doc, fill);
    if (!optional) required.push(name);
  }
  return {
    name: joinName(words, server.naming),
    description: capitalize(fill(template.description)),
    inputSchema: { type: 'object', properties, ...(required.length > 0 ? { required } : {}) },
  };
}

function parameterSchema(doc: string, fill: (text: string) => string): Record<string, unknown> {
  const at = doc.indexOf(':');
  const type = doc.slice(0, at).trim();
  const description = capitalize(fill(doc.slice(at + 1).trim()));
  const enumMatch = /^enum\((.+)\)$/.exec(type);
  if (enumMatch?.[1] !== undefined) return { type: 'string', enum: enumMatch[1].split('|'), description };
  if (type === 'string[]') return { type: 'array', items: { type: 'string' }, description };
  if (['string', 'integer', 'number', 'boolean', 'object'].includes(type)) return { type, description };
  throw new Error(`unknown parameter type '${type}'`);
}

function joinName(words: readonly string[], naming: NamingConvention): string {
  const lower = words.map((word) => word.toLowerCase());
  switch (naming) {
    case 'snake':
      return lower.join('_');
    case 'kebab':
      return lower.join('-');
    case 'camel':
      return lower.map((word, index) => (index === 0 ? word : capitalize(word))).join('');
  }
}

function snakeCase(camel: string): string {
  return camel.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

function capitalize(text: string): string {
  return text.length === 0 ? text : `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}`;
}
