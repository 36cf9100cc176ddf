// The REST test endpoints (spec 4.2): read a resource or render a prompt as a given caller would
// through MCP, for dashboards and scripts that do not speak MCP. They run the same path as the
// aggregated MCP view (authorization, routing, audit) and turn its JSON-RPC answer into a plain
// JSON body, or into a problem with the status that fits the failure.
import { Injectable } from '@nestjs/common';
import type { DomainError } from '@platform/service-kit';
import { JsonRpcErrorCode, type JsonRpcErrorObject, type JsonRpcRequest } from '@platform/jsonrpc';
import type { Principal } from '../access/principal';
import { testEndpointError, TestEndpointErrorCode } from './test-endpoint.errors';
import { BackendListsCache } from '../mcp/views/backend-lists.cache';
import type { DispatchResult } from '../mcp/sessions/exchange';
import { McpDispatcher, statelessContextId } from '../mcp/views/mcp-dispatcher.service';
import { PERMISSION_DENIED_CODE } from '../mcp/views/permission-denied';
import { namespacedName } from '@platform/scopes';
import type { GetPromptTestView, ReadResourceTestView, ResourceContentView } from './test-endpoints.dto';
import { jsonRecordOf } from '../json-record';

@Injectable()
export class TestEndpointsService {
  constructor(
    private readonly dispatcher: McpDispatcher,
    private readonly lists: BackendListsCache,
  ) {}

  async readResource(principal: Principal, uri: string, signal: AbortSignal): Promise<ReadResourceTestView> {
    const result = await this.call(principal, 'resources/read', { uri }, signal);
    const contents = (result['contents'] ?? []) as unknown[];
    const views = contents.map(contentView);
    const [first] = views;
    if (first === undefined)
      throw testEndpointError(TestEndpointErrorCode.ResourceEmpty, `Resource '${uri}' has no content.`);
    return views.length > 1 ? { ...first, contents: views } : first;
  }

  async getPrompt(
    principal: Principal,
    serverId: string,
    promptName: string,
    promptArguments: Record<string, string>,
    signal: AbortSignal,
  ): Promise<GetPromptTestView> {
    const result = await this.call(
      principal,
      'prompts/get',
      { name: namespacedName(this.lists.namespaceOf(serverId), promptName), arguments: promptArguments },
      signal,
    );
    const messages = Array.isArray(result['messages']) ? (result['messages'] as unknown[]) : [];
    return {
      ...(typeof result['description'] === 'string' ? { description: result['description'] } : {}),
      messages: messages.map((message) => {
        const { role, content } = (message ?? {}) as { role?: unknown; content?: unknown };
        const text = (content as { type?: unknown; text?: unknown } | undefined) ?? {};
        return {
          role: typeof role === 'string' ? role : 'user',
          content: text.type === 'text' && typeof text.text === 'string' ? text.text : content,
        };
      }),
    };
  }

  private async call(
    principal: Principal,
    method: string,
    params: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<Record<string, unknown>> {
    const request: JsonRpcRequest = { jsonrpc: '2.0', id: 1, method, params };
    const result = await this.dispatcher.request(
      { principal, mode: { kind: 'aggregate' }, contextId: statelessContextId(), signal },
      request,
    );
    if ('error' in result.response) throw failure(result, result.response.error);
    return jsonRecordOf(result.response.result);
  }
}

function contentView(content: unknown): ResourceContentView {
  const item = (content ?? {}) as { uri?: unknown; mimeType?: unknown; text?: unknown; blob?: unknown };
  const base = {
    uri: typeof item.uri === 'string' ? item.uri : '',
    ...(typeof item.mimeType === 'string' ? { mimeType: item.mimeType } : {}),
  };
  if (typeof item.blob === 'string') {
    return { ...base, size: Buffer.from(item.blob, 'base64').length, content: item.blob, encoding: 'base64' };
  }
  const text = typeof item.text === 'string' ? item.text : '';
  return { ...base, size: Buffer.byteLength(text, 'utf8'), content: text, encoding: 'utf-8' };
}

/** The MCP answer as a domain error: denial 403, unknown item 404, bad arguments 400, backend trouble 502/504. */
function failure(result: DispatchResult, error: JsonRpcErrorObject): DomainError {
  const details = { jsonRpcCode: error.code };
  if (result.denied === true || error.code === PERMISSION_DENIED_CODE) {
    // The same explanation an MCP client gets as `data`: which layer refused, what to add.
    const denial = error.data === undefined ? {} : { denial: error.data };
    return testEndpointError(TestEndpointErrorCode.PermissionDenied, error.message, {
      ...details,
      ...denial,
    });
  }
  switch (result.outcome) {
    case 'timed-out':
      return testEndpointError(TestEndpointErrorCode.BackendTimeout, error.message, details);
    case 'unavailable':
    case 'connection-closed':
      return testEndpointError(TestEndpointErrorCode.BackendUnavailable, error.message, details);
    case 'refused':
      return testEndpointError(TestEndpointErrorCode.BackendRefused, error.message, details);
    case 'not-found':
      return testEndpointError(TestEndpointErrorCode.ServerNotFound, error.message, details);
    case 'cancelled':
    case 'duplicate':
    case 'completed':
    case undefined:
      break;
  }
  // -32602 is both "Invalid params" and "Resource Not Found" (spec 7); the message tells them apart.
  // -32002 is the resource-not-found code of MCP servers that follow the SDK's older examples.
  if (
    error.code === JsonRpcErrorCode.MethodNotFound ||
    error.code === -32002 ||
    (error.code === JsonRpcErrorCode.InvalidParams && /not found/i.test(error.message))
  ) {
    return testEndpointError(TestEndpointErrorCode.NotFound, error.message, details);
  }
  if (error.code === JsonRpcErrorCode.InvalidParams)
    return testEndpointError(TestEndpointErrorCode.InvalidParams, error.message, details);
  return testEndpointError(TestEndpointErrorCode.BackendError, error.message, details);
}
