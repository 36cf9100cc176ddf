// The KV version 2 data endpoint, `/v1/<mount>/data/<path>`: read (GET, optional
// `?version=`) and create-or-update (POST or PUT with `{ data, options? }`). Authentication
// has already been checked by the caller.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { VaultKvStore } from './vault-kv.store';
import { envelope, readResponseBody, sendErrors, sendJson, versionMetadata } from './vault-responses';

/** Far above any secret the gateway stores; protects the test process from runaway bodies. */
const MAX_BODY_BYTES = 1024 * 1024;

export async function handleKvData(
  request: IncomingMessage,
  response: ServerResponse,
  store: VaultKvStore,
  secretPath: string,
  query: URLSearchParams,
): Promise<void> {
  switch (request.method ?? '') {
    case 'GET':
      return readSecret(response, store, secretPath, query);
    case 'POST':
    case 'PUT':
      return writeSecret(request, response, store, secretPath);
    default:
      return sendErrors(response, 405, ['unsupported operation']);
  }
}

function readSecret(
  response: ServerResponse,
  store: VaultKvStore,
  secretPath: string,
  query: URLSearchParams,
): void {
  const versionText = query.get('version');
  const version = versionText === null ? undefined : Number(versionText);
  if (version !== undefined && (!Number.isSafeInteger(version) || version < 0)) {
    return sendErrors(response, 400, ['invalid version']);
  }
  const found = store.read(secretPath, version);
  // A missing secret and a missing version both answer 404 with an empty error list.
  if (found === undefined) return sendErrors(response, 404, []);
  sendJson(response, 200, readResponseBody(found));
}

async function writeSecret(
  request: IncomingMessage,
  response: ServerResponse,
  store: VaultKvStore,
  secretPath: string,
): Promise<void> {
  const body = await readJsonBody(request);
  if (body === 'too-large') return sendErrors(response, 413, ['request body too large']);
  const data = body?.['data'];
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return sendErrors(response, 400, ['no data provided']);
  }
  const options = body?.['options'];
  const cas =
    typeof options === 'object' && options !== null ? (options as Record<string, unknown>)['cas'] : undefined;
  if (cas !== undefined && (typeof cas !== 'number' || !Number.isSafeInteger(cas) || cas < 0)) {
    return sendErrors(response, 400, ['invalid cas parameter']);
  }
  const written = store.write(secretPath, data as Record<string, unknown>, cas);
  if (!written.ok) return sendErrors(response, 400, [written.error]);
  sendJson(response, 200, envelope(versionMetadata(written.version)));
}

/** The parsed JSON object, undefined when the body is not a JSON object. */
async function readJsonBody(
  request: IncomingMessage,
): Promise<Record<string, unknown> | undefined | 'too-large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) return 'too-large';
    chunks.push(buffer);
  }
  try {
    const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
