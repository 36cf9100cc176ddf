// Reads the declarative server file (GATEWAY_SERVERS_FILE): YAML or JSON with a list
// `servers:` whose entries use the spec's field names. The whole file is valid or nothing of
// it is applied: a typo must never make the gateway drop servers that were working.
import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import type { BackendServerDefinition } from '../backend-server';
import { validateServerInput } from '../validation';

export type ServersFileResult =
  | { readonly ok: true; readonly servers: readonly BackendServerDefinition[] }
  | { readonly ok: false; readonly problems: readonly string[] };

const MAX_FILE_BYTES = 1024 * 1024;

export async function readServersFile(path: string): Promise<ServersFileResult> {
  let text: string;
  try {
    const content = await readFile(path);
    if (content.byteLength > MAX_FILE_BYTES) return failure(`${path}: larger than 1 MiB`);
    text = content.toString('utf8');
  } catch (error) {
    return failure(`${path}: cannot be read (${(error as { code?: string }).code ?? 'error'})`);
  }
  return parseServersDocument(text, path);
}

export function parseServersDocument(text: string, origin: string): ServersFileResult {
  let document: unknown;
  try {
    // YAML 1.2 is a superset of JSON, so one parser reads both; no custom tags, no aliases bombs.
    document = parse(text, { maxAliasCount: 100, prettyErrors: false });
  } catch (error) {
    return failure(
      `${origin}: not valid YAML or JSON (${(error as Error).message.split('\n')[0] ?? 'parse error'})`,
    );
  }
  if (document === null || document === undefined) return { ok: true, servers: [] };
  if (typeof document !== 'object' || Array.isArray(document) || !('servers' in document)) {
    return failure(`${origin}: expected an object with a list "servers"`);
  }
  const entries = (document as { servers: unknown }).servers;
  if (entries === null) return { ok: true, servers: [] };
  if (!Array.isArray(entries)) return failure(`${origin}: "servers" must be a list`);
  const problems: string[] = [];
  const servers: BackendServerDefinition[] = [];
  const seen = new Set<string>();
  entries.forEach((entry: unknown, index) => {
    const result = validateServerInput(entry);
    if (!result.ok) {
      const label = labelOf(entry, index);
      problems.push(...result.problems.map((problem) => `${origin}: ${label}: ${problem}`));
      return;
    }
    if (seen.has(result.server.id)) {
      problems.push(`${origin}: servers[${index}]: id "${result.server.id}" appears more than once`);
      return;
    }
    const alias = result.server.alias;
    if (alias !== undefined && seen.has(alias)) {
      problems.push(`${origin}: servers[${index}]: alias "${alias}" is already another server's id or alias`);
      return;
    }
    seen.add(result.server.id);
    if (alias !== undefined) seen.add(alias);
    servers.push(result.server);
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, servers };
}

function labelOf(entry: unknown, index: number): string {
  const id = typeof entry === 'object' && entry !== null ? (entry as { id?: unknown }).id : undefined;
  return typeof id === 'string' && id.length <= 64 ? `servers[${index}] (${id})` : `servers[${index}]`;
}

function failure(problem: string): ServersFileResult {
  return { ok: false, problems: [problem] };
}
