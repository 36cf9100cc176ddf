// The part of JSON Schema a tool's inputSchema form understands, and the conversions around it:
// which schemas the form can show (anything else goes to raw JSON), the form's starting values
// (from `default`), and the arguments the form's text becomes, or the problems that stop it, each
// named by the field's path. No DOM here: the form (schema-form.tsx) is a view of these.

export interface JsonSchema {
  readonly type?: string | readonly string[];
  readonly title?: string;
  readonly description?: string;
  readonly enum?: readonly unknown[];
  readonly default?: unknown;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly items?: JsonSchema;
  readonly minimum?: number;
  readonly maximum?: number;
}

/** What the reader typed: text for numbers and strings (so "1." can be typed), booleans, lists, objects. */
export type Draft = string | boolean | readonly string[] | { readonly [name: string]: Draft };

export type FieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'array' | 'object';

export type Converted =
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly problems: string[] };

/** The single type a schema names (`["string","null"]` counts as string), or undefined. */
function typeOf(schema: JsonSchema): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) {
    const types = (schema.type as readonly string[]).filter((type) => type !== 'null');
    return types.length === 1 ? types[0] : undefined;
  }
  if (schema.properties !== undefined) return 'object';
  return undefined;
}

/** How a field is shown, or null when the form cannot show it (the bench offers raw JSON then). */
export function fieldKind(schema: JsonSchema): FieldKind | null {
  if (Array.isArray(schema.enum) && schema.enum.length > 0 && schema.enum.every(isPrimitive)) return 'enum';
  const type = typeOf(schema);
  switch (type) {
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
      return type;
    case 'array': {
      const items = schema.items;
      if (items === undefined) return null;
      const kind = fieldKind(items);
      return kind === 'string' || kind === 'number' || kind === 'integer' || kind === 'enum' ? 'array' : null;
    }
    case 'object':
      // A free-form object (no properties) has nothing to show field by field.
      if (schema.properties === undefined) return null;
      return Object.values(schema.properties).every((property) => fieldKind(property) !== null)
        ? 'object'
        : null;
    case undefined:
    default:
      return null;
  }
}

/** Whether the whole input schema can be a form (an object whose every field the form can show). */
export function formSupports(schema: JsonSchema): boolean {
  return fieldKind(topLevel(schema)) === 'object';
}

/** A tool's input schema is an object; one without properties takes no arguments. */
function topLevel(schema: JsonSchema): JsonSchema {
  return { ...schema, type: 'object', properties: schema.properties ?? {} };
}

function isPrimitive(value: unknown): boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** The form's first values: each field's `default` where it has one, empty otherwise. */
export function initialDraft(schema: JsonSchema): Draft {
  const kind = fieldKind(schema);
  if (kind === 'object') {
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([name, property]) => [name, initialDraft(property)]),
    );
  }
  if (kind === 'boolean') return schema.default === true;
  if (kind === 'array')
    return Array.isArray(schema.default) ? schema.default.map((item) => String(item)) : [];
  return schema.default === undefined || schema.default === null ? '' : String(schema.default);
}

/**
 * The arguments the draft stands for. Empty optional fields are left out; a required one that is
 * empty, a number that is not one, a value outside its enum or range is a problem, named by path.
 */
export function toArguments(schema: JsonSchema, draft: Draft): Converted {
  const problems: string[] = [];
  const value = convert(topLevel(schema), draft, '', problems);
  return problems.length === 0 ? { ok: true, value: value ?? {} } : { ok: false, problems };
}

function convert(schema: JsonSchema, draft: Draft, path: string, problems: string[]): unknown {
  const kind = fieldKind(schema);
  const name = path === '' ? 'arguments' : path;
  switch (kind) {
    case 'object': {
      const fields =
        typeof draft === 'object' && !Array.isArray(draft) ? (draft as Record<string, Draft>) : {};
      const required = new Set(schema.required ?? []);
      const result: Record<string, unknown> = {};
      for (const [field, property] of Object.entries(schema.properties ?? {})) {
        const fieldPath = path === '' ? field : `${path}.${field}`;
        const fieldDraft = fields[field] ?? initialDraft(property);
        if (isEmpty(property, fieldDraft)) {
          if (required.has(field)) problems.push(`${fieldPath}: required`);
          continue;
        }
        result[field] = convert(property, fieldDraft, fieldPath, problems);
      }
      return result;
    }
    case 'boolean':
      return draft === true;
    case 'array': {
      const items = schema.items ?? {};
      const list = Array.isArray(draft) ? (draft as readonly string[]) : [];
      return list
        .filter((item) => item.trim() !== '')
        .map((item, index) => convert(items, item, `${name}[${index}]`, problems));
    }
    case 'enum': {
      const text = typeof draft === 'string' ? draft : '';
      const match = (schema.enum ?? []).find((option) => String(option) === text);
      if (match === undefined)
        problems.push(`${name}: must be one of ${(schema.enum ?? []).map(String).join(', ')}`);
      return match;
    }
    case 'number':
    case 'integer': {
      const text = typeof draft === 'string' ? draft.trim() : '';
      const number = Number(text);
      if (text === '' || !Number.isFinite(number)) {
        problems.push(`${name}: must be a number`);
        return undefined;
      }
      if (kind === 'integer' && !Number.isInteger(number)) problems.push(`${name}: must be a whole number`);
      if (schema.minimum !== undefined && number < schema.minimum)
        problems.push(`${name}: must be at least ${schema.minimum}`);
      if (schema.maximum !== undefined && number > schema.maximum)
        problems.push(`${name}: must be at most ${schema.maximum}`);
      return number;
    }
    case 'string':
      return typeof draft === 'string' ? draft : '';
    case null:
      problems.push(`${name}: this form cannot edit it; use raw JSON`);
      return undefined;
  }
}

/** An unset field: empty text, an empty list, an object with nothing set; never a boolean. */
function isEmpty(schema: JsonSchema, draft: Draft): boolean {
  const kind = fieldKind(schema);
  if (kind === 'boolean') return false;
  if (kind === 'object') {
    const fields = draft as Record<string, Draft>;
    return Object.entries(schema.properties ?? {}).every(([field, property]) =>
      isEmpty(property, fields[field] ?? initialDraft(property)),
    );
  }
  if (Array.isArray(draft)) return (draft as readonly string[]).every((item) => item.trim() === '');
  return typeof draft === 'string' && draft.trim() === '';
}

/** The starting values of a tool's whole form. */
export function initialForm(schema: JsonSchema): Draft {
  return initialDraft(topLevel(schema));
}

/** The fields of a tool's form, in the schema's order, with whether each is required. */
export function formFields(schema: JsonSchema): { name: string; schema: JsonSchema; required: boolean }[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    schema: property,
    required: required.has(name),
  }));
}
