// Strict validation of rendered objects against the Kubernetes 1.33 API, kubeconform-style: every
// field must exist in the API (a misspelt `replicass` fails, unlike in the API server's lenient
// decoding), have the right type, and required fields must be present. The definitions are those
// of @kubernetes/client-node 1.3.0, generated from the Kubernetes v1.33.0 OpenAPI document: each
// model's attributeTypeMap (JSON field names and types) and its declaration file (which fields are
// optional). They are read as data; the client itself is never loaded.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type KubernetesObject, toolchainPath } from './chart-toolchain';

interface Attribute {
  baseName: string;
  type: string;
  format: string;
}
interface Model {
  attributes: Map<string, Attribute>;
  required: string[];
}

const models = new Map<string, Model | undefined>();

function modelsDirectory(): string {
  return toolchainPath('@kubernetes', 'client-node', 'dist', 'gen', 'models');
}

/** The OpenAPI version the models were generated from, as their header says. */
export function openApiVersion(): string {
  const header = readFileSync(join(modelsDirectory(), 'V1Pod.js'), 'utf8');
  const match = /OpenAPI spec version: (v[\d.]+)/.exec(header);
  if (match?.[1] === undefined) throw new Error('cannot read the OpenAPI version of the models');
  return match[1];
}

function model(name: string): Model | undefined {
  if (models.has(name)) return models.get(name);
  const directory = modelsDirectory();
  const source = join(directory, `${name}.js`);
  if (!existsSync(source)) {
    models.set(name, undefined);
    return undefined;
  }
  const text = readFileSync(source, 'utf8');
  const map = new RegExp(`${name}\\.attributeTypeMap = (\\[[\\s\\S]*?\\n\\]);`).exec(text)?.[1];
  if (map === undefined) throw new Error(`${name}: no attributeTypeMap`);
  const attributes = new Map(
    (JSON.parse(map) as Attribute[]).map((attribute) => [attribute.baseName, attribute]),
  );
  const declaration = readFileSync(join(directory, `${name}.d.ts`), 'utf8');
  const required = [...declaration.matchAll(/^ {4}'([^']+)': /gm)].map((match) => match[1] as string);
  const loaded = { attributes, required };
  models.set(name, loaded);
  return loaded;
}

/** The model of a top-level object: apps/v1 Deployment → V1Deployment. */
export function modelNameOf(apiVersion: string, kind: string): string {
  const version = apiVersion.split('/').pop() ?? '';
  return `${version.charAt(0).toUpperCase()}${version.slice(1)}${kind}`;
}

/** Every violation in one object, as `path: problem` lines; empty when it is valid. */
export function validateObject(object: KubernetesObject): string[] {
  const name = modelNameOf(String(object.apiVersion), String(object.kind));
  if (model(name) === undefined) return [`${object.kind}: no ${object.apiVersion} ${object.kind} in the API`];
  const errors: string[] = [];
  check(object, name, '', '', errors);
  return errors;
}

function check(value: unknown, type: string, format: string, path: string, errors: string[]): void {
  const where = path === '' ? '/' : path;
  if (value === null) return; // null means unset in the API
  const array = /^Array<(.+)>$/.exec(type);
  const map = /^\{ \[key: string\]: (.+); \}$/.exec(type);
  if (array?.[1] !== undefined) {
    if (!Array.isArray(value)) errors.push(`${where}: expected an array`);
    else value.forEach((item, index) => check(item, array[1] as string, '', `${path}/${index}`, errors));
  } else if (map?.[1] !== undefined) {
    if (!isRecord(value)) errors.push(`${where}: expected a map`);
    else for (const [key, item] of Object.entries(value)) check(item, map[1], '', `${path}/${key}`, errors);
  } else if (type === 'string' || type === 'Date') {
    if (typeof value !== 'string') errors.push(`${where}: expected a string, got ${JSON.stringify(value)}`);
  } else if (type === 'number') {
    const integer = format === 'int32' || format === 'int64';
    if (typeof value !== 'number' || (integer && !Number.isInteger(value)))
      errors.push(`${where}: expected ${integer ? 'an integer' : 'a number'}, got ${JSON.stringify(value)}`);
  } else if (type === 'boolean') {
    if (typeof value !== 'boolean') errors.push(`${where}: expected a boolean, got ${JSON.stringify(value)}`);
  } else if (type === 'IntOrString') {
    if (typeof value !== 'string' && !Number.isInteger(value))
      errors.push(`${where}: expected an integer or a string, got ${JSON.stringify(value)}`);
  } else if (type === 'any' || type === 'object') {
    return;
  } else {
    checkModel(value, type, path, errors);
  }
}

function checkModel(value: unknown, name: string, path: string, errors: string[]): void {
  const where = path === '' ? '/' : path;
  const definition = model(name);
  if (definition === undefined) throw new Error(`unknown model ${name} at ${where}`);
  if (!isRecord(value)) {
    errors.push(`${where}: expected an object (${name})`);
    return;
  }
  for (const field of definition.required) {
    if (value[field] === undefined || value[field] === null) errors.push(`${where}: ${field} is required`);
  }
  for (const [field, item] of Object.entries(value)) {
    const attribute = definition.attributes.get(field);
    if (attribute === undefined) errors.push(`${path}/${field}: unknown field (not in ${name})`);
    else check(item, attribute.type, attribute.format, `${path}/${field}`, errors);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
