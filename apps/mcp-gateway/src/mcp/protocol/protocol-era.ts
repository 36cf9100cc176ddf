// Which protocol era one Streamable HTTP message belongs to. A 2026-07-28 request names its
// revision in `params._meta` and repeats method and target in the `MCP-Protocol-Version`,
// `Mcp-Method` and `Mcp-Name` headers, which intermediaries route on: when a header disagrees with
// the body the request is refused (HTTP 400, -32020 HeaderMismatch), so a proxy and the gateway can
// never act on different targets. An enveloped request naming a revision we do not serve gets
// -32022 with the supported list, so the client can pick one and retry.
import type { IncomingHttpHeaders } from 'node:http';
import type { JsonRpcMessage, JsonRpcResponse } from '@platform/jsonrpc';
import type { DispatchResult } from '../sessions/exchange';
import { jsonRpcErrorFor } from './mcp-error-responses';
import { ALL_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSIONS } from './protocol-versions';
import { isJsonRecord, jsonRecordOf } from '../../json-record';

export const PROTOCOL_VERSION_META_KEY = 'io.modelcontextprotocol/protocolVersion';
export const SERVER_INFO_META_KEY = 'io.modelcontextprotocol/serverInfo';

/** The params field that `Mcp-Name` mirrors, per method (a Map: methods come from clients). */
const NAME_SOURCE: ReadonlyMap<string, 'name' | 'uri'> = new Map([
  ['tools/call', 'name'],
  ['prompts/get', 'name'],
  ['resources/read', 'uri'],
]);

export type ProtocolEra =
  | { readonly era: 'legacy' }
  | { readonly era: 'modern'; readonly version: string }
  | { readonly era: 'refused'; readonly status: number; readonly response: JsonRpcResponse };

export function classifyProtocolEra(message: JsonRpcMessage, headers: IncomingHttpHeaders): ProtocolEra {
  if (!('method' in message)) return { era: 'legacy' };
  const params = jsonRecordOf(message.params);
  const meta = params['_meta'];
  const version = isJsonRecord(meta) ? meta[PROTOCOL_VERSION_META_KEY] : undefined;
  if (version === undefined) return { era: 'legacy' };
  const id = 'id' in message ? message.id : null;
  if (typeof version !== 'string' || !(MODERN_PROTOCOL_VERSIONS as readonly string[]).includes(version)) {
    const requested = typeof version === 'string' ? version : String(version);
    return {
      era: 'refused',
      status: 400,
      response: jsonRpcErrorFor('UnsupportedProtocolVersion', id, {
        message: `Unsupported protocol version: ${requested.slice(0, 64)}`,
        data: { supported: [...ALL_PROTOCOL_VERSIONS], requested: requested.slice(0, 64) },
      }),
    };
  }
  const mismatch = headerMismatch(message.method, params, version, headers);
  if (mismatch !== undefined) {
    return {
      era: 'refused',
      status: 400,
      response: jsonRpcErrorFor('HeaderMismatch', id, { message: `Header mismatch: ${mismatch}` }),
    };
  }
  return { era: 'modern', version };
}

/** Only headers that are present are compared: a client that omits them still has the body. */
function headerMismatch(
  method: string,
  params: Record<string, unknown>,
  version: string,
  headers: IncomingHttpHeaders,
): string | undefined {
  const headerVersion = single(headers['mcp-protocol-version']);
  if (headerVersion !== undefined && headerVersion !== version) {
    return `MCP-Protocol-Version '${clip(headerVersion)}' differs from the request's '${version}'`;
  }
  const headerMethod = single(headers['mcp-method']);
  if (headerMethod !== undefined && headerMethod !== method) {
    return `Mcp-Method '${clip(headerMethod)}' differs from the request's '${clip(method)}'`;
  }
  const source = NAME_SOURCE.get(method);
  const headerName = single(headers['mcp-name']);
  if (source !== undefined && headerName !== undefined && headerName !== params[source]) {
    return `Mcp-Name '${clip(headerName)}' differs from params.${source}`;
  }
  return undefined;
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(',') : value;
}

function clip(text: string): string {
  return text.length > 100 ? `${text.slice(0, 100)}…` : text;
}

/** 2026-07-28 results that carry cache hints (`ttlMs`, `cacheScope`). */
const CACHEABLE_METHODS = new Set([
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
]);

/**
 * A result as the request's era expects it: 2026-07-28 results say whether they are complete
 * (`resultType`), and cacheable ones how long they may be reused. The gateway's answers depend on
 * the caller's authorization and on backends that change, so they are `private` and not to be
 * reused (`ttlMs` 0). What a backend set itself (e.g. `input_required`, its own hints) is kept.
 */
export function inEra(result: DispatchResult, era: ProtocolEra, method: string): DispatchResult {
  const response = result.response;
  if (era.era !== 'modern' || !('result' in response)) return result;
  const body = { ...jsonRecordOf(response.result) };
  if (typeof body['resultType'] !== 'string') body['resultType'] = 'complete';
  if (CACHEABLE_METHODS.has(method) && body['resultType'] === 'complete') {
    if (typeof body['ttlMs'] !== 'number') body['ttlMs'] = 0;
    if (body['cacheScope'] !== 'public' && body['cacheScope'] !== 'private') body['cacheScope'] = 'private';
  }
  return { ...result, response: { ...response, result: body } };
}
