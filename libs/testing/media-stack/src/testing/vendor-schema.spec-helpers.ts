// Validates simulator answers against the vendors' published OpenAPI documents, read from
// `../shared/vendor-specs/` next to the repository (they are not copied into it).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

export type VendorSpec =
  | 'plex-openapi.yaml'
  | 'plex-openapi-v0.yaml'
  | 'sonarr-openapi.json'
  | 'radarr-openapi.json'
  | 'overseerr-openapi.yml';

function workspaceRoot(from = process.cwd()): string {
  if (existsSync(join(from, 'nx.json'))) return from;
  const parent = dirname(from);
  if (parent === from) throw new Error('nx.json not found above the working directory');
  return workspaceRoot(parent);
}

/**
 * `../shared/vendor-specs` next to the repository root. In a git worktree the root that counts is
 * the main checkout's (the worktree's `.git` file points into it), where the shared folder lives.
 */
function vendorSpecsDirectory(): string {
  const root = workspaceRoot();
  const candidates = [resolve(root, '../shared/vendor-specs')];
  const gitFile = join(root, '.git');
  if (existsSync(gitFile) && statSync(gitFile).isFile()) {
    const gitDirectory = /^gitdir:\s*(.+)$/m.exec(readFileSync(gitFile, 'utf8'))?.[1]?.trim();
    const mainGit = gitDirectory?.split(/[\\/]worktrees[\\/]/)[0];
    if (mainGit !== undefined)
      candidates.push(resolve(dirname(resolve(root, mainGit)), '../shared/vendor-specs'));
  }
  return candidates.find((candidate) => existsSync(candidate)) ?? (candidates[0] as string);
}

export const VENDOR_SPECS_DIRECTORY = vendorSpecsDirectory();

const validators = new Map<VendorSpec, Ajv>();

/** Reads one vendor document from `directory`, failing with the folder's name when it is not there. */
export function readVendorDocument(directory: string, spec: VendorSpec): Record<string, unknown> {
  const file = join(directory, spec);
  if (!existsSync(file)) {
    throw new Error(
      `The vendor OpenAPI document ${file} is missing. These tests check the simulators against the ` +
        `vendors' specs, kept outside the repository in ../shared/vendor-specs/ (see SOURCES.md there); ` +
        `put that folder next to the repository root to run them.`,
    );
  }
  const text = readFileSync(file, 'utf8');
  return (spec.endsWith('.json') ? JSON.parse(text) : parse(text)) as Record<string, unknown>;
}

function validatorFor(spec: VendorSpec): Ajv {
  const known = validators.get(spec);
  if (known !== undefined) return known;
  const document = readVendorDocument(VENDOR_SPECS_DIRECTORY, spec);
  const openapi = String(document['openapi'] ?? '');
  // OpenAPI 3.1 schemas are JSON Schema 2020-12; 3.0 schemas are draft-04-like with `nullable`.
  const ajv = openapi.startsWith('3.1')
    ? new Ajv2020({ strict: false, allErrors: true })
    : new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  for (const format of ['int32', 'int64', 'double', 'float', 'uri', 'date-time', 'date', 'email', 'uuid']) {
    if (!ajv.formats[format]) ajv.addFormat(format, true);
  }
  const schemas = openapi.startsWith('3.1')
    ? document
    : (nullableWithoutType(document) as Record<string, unknown>);
  ajv.addSchema({ ...schemas, $id: spec }, spec);
  validators.set(spec, ajv);
  return ajv;
}

/**
 * OpenAPI 3.0 allows `nullable: true` beside `allOf: [{$ref}]` with no `type`, which Ajv refuses;
 * the same meaning in JSON Schema is "the schema, or null".
 */
function nullableWithoutType(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableWithoutType);
  if (typeof node !== 'object' || node === null) return node;
  const converted = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, nullableWithoutType(value)]),
  );
  if (converted['nullable'] !== true || 'type' in converted) return converted;
  const { nullable: _nullable, ...rest } = converted;
  return { anyOf: [rest, { type: 'null' }] };
}

const compiled = new Map<string, ValidateFunction>();

/** The JSON schema of one answer: path as written in the spec, method, status and content type. */
export function responseSchema(
  spec: VendorSpec,
  path: string,
  method: string,
  status: number,
  contentType = 'application/json',
): ValidateFunction {
  const key = `${spec} ${method} ${path} ${status} ${contentType}`;
  const known = compiled.get(key);
  if (known !== undefined) return known;
  const ajv = validatorFor(spec);
  const pointer = [
    'paths',
    path,
    method.toLowerCase(),
    'responses',
    String(status),
    'content',
    contentType,
    'schema',
  ]
    .map((segment) => segment.replace(/~/g, '~0').replace(/\//g, '~1'))
    .join('/');
  const validate = ajv.compile({ $ref: `${spec}#/${pointer}` });
  compiled.set(key, validate);
  return validate;
}

/** Schema errors as readable lines; an empty list when the body conforms. */
export function schemaErrors(
  spec: VendorSpec,
  path: string,
  method: string,
  status: number,
  body: unknown,
  contentType?: string,
): string[] {
  const validate = responseSchema(spec, path, method, status, contentType);
  if (validate(body)) return [];
  return (validate.errors ?? [])
    .slice(0, 10)
    .map((error) => `${error.instancePath || '/'} ${error.message ?? ''} ${JSON.stringify(error.params)}`);
}
