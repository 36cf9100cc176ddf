// The direct view's item checks with the real authorization pipeline and a recording stand-in for
// the proxy core: what reaches the backend, what comes back to the client, and what names an item.
// The cross-view behaviour against real backends is in view-consistency.e2e.spec.ts.
import { describe, expect, it } from '@jest/globals';
import { type JsonRpcRequest, type JsonRpcResponse, jsonRpcResult } from '@platform/jsonrpc';
import type { AccessControlService } from '../../access/access-control.service';
import { authorize } from '../../access/authorization';
import { allow, appKeyPrincipal, deny } from '../../access/authorization/authorization.spec-fixtures';
import type { Principal } from '../../access/principal';
import type { BackendProxy } from '../../backends/proxy/backend-proxy.service';
import type { ForwardedCall } from '../../backends/proxy/forwarded-call';
import type { ValidatedRequest } from '../protocol/request-params.validator';
import { AggregatedCatalog } from './aggregated-catalog.service';
import type { BackendListsCache } from './backend-lists.cache';
import { DirectTasks } from './direct-tasks';
import { DirectView } from './direct-view.service';
import type { DispatchResult, Exchange } from '../sessions/exchange';

const POLICIES = [
  allow('server:files', 'McpClient'),
  deny('tool:files__write_file', 'McpClient'),
  deny('resource:mcp://files/file:///secret', 'McpClient'),
  deny('prompt:files__admin', 'McpClient'),
];

/** The backend's answers, by method; every request that reaches it is recorded. */
function directView(answers: Record<string, unknown>, tasks = new DirectTasks()) {
  const forwarded: JsonRpcRequest[] = [];
  const access = {
    authorize: async (principal: Principal, request: Parameters<AccessControlService['authorize']>[1]) =>
      authorize(principal, request, {
        categoriesOf: () => [],
        groupMappings: [],
        policies: POLICIES,
        adminGroupSid: 'S-1-5-32-544',
      }),
    decisionInputsVersion: async () => 'rules-1',
  } as unknown as AccessControlService;
  const proxy = {
    forward: async (_serverId: string, { request }: ForwardedCall): Promise<DispatchResult> => {
      forwarded.push(request);
      return { outcome: 'completed', response: jsonRpcResult(request.id, answers[request.method] ?? {}) };
    },
  } as unknown as BackendProxy;
  const catalog = new AggregatedCatalog({} as BackendListsCache, access, proxy);
  const view = new DirectView(catalog, access, proxy, tasks);
  const exchange: Exchange = {
    principal: appKeyPrincipal(['*']),
    mode: { kind: 'direct', serverId: 'files' },
    contextId: 'session-1',
  };
  const sendAs = async (principal: Principal, method: string, params?: unknown): Promise<JsonRpcResponse> =>
    (
      await view.handle({ ...exchange, principal }, 'files', {
        jsonrpc: '2.0',
        id: 7,
        method,
        params,
      } as ValidatedRequest)
    ).response;
  const send = (method: string, params?: unknown): Promise<JsonRpcResponse> =>
    sendAs(exchange.principal, method, params);
  return { send, sendAs, forwarded, tasks };
}

describe('DirectView', () => {
  it('refuses a denied tool before the backend sees it, naming the tool as the client did', async () => {
    const { send, forwarded } = directView({});
    const denied = await send('tools/call', { name: 'write_file', arguments: {} });
    expect(denied).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32003, message: "User does not have permission to execute tool 'write_file'" },
    });
    expect(forwarded).toEqual([]);
    await send('tools/call', { name: 'read_file', arguments: { path: '/' } });
    expect(forwarded.map((request) => request.params)).toEqual([
      { name: 'read_file', arguments: { path: '/' } },
    ]);
  });

  it('filters a list page and keeps the backend cursor both ways', async () => {
    const { send, forwarded } = directView({
      'tools/list': {
        tools: [{ name: 'write_file' }, { name: 'read_file' }, 42, { title: 'no name' }, null],
        nextCursor: 'page-3',
      },
    });
    const answer = await send('tools/list', { cursor: 'page-2' });
    expect(forwarded[0]?.params).toEqual({ cursor: 'page-2' });
    expect(answer).toEqual(jsonRpcResult(7, { tools: [{ name: 'read_file' }], nextCursor: 'page-3' }));
  });

  it('lists nothing when the backend answers a list that is not an array', async () => {
    const { send } = directView({ 'prompts/list': { prompts: { admin: { name: 'admin' } } } });
    expect(await send('prompts/list')).toEqual(jsonRpcResult(7, { prompts: [] }));
  });

  it('leaves out the contents of a read that name a resource the caller may not read', async () => {
    const { send } = directView({
      'resources/read': {
        contents: [
          { uri: 'file:///', text: 'listing' },
          { uri: 'file:///secret', text: 'the secret' },
          { uri: 'file:///public', text: 'public' },
        ],
      },
    });
    const answer = await send('resources/read', { uri: 'file:///' });
    expect(answer).toEqual(
      jsonRpcResult(7, {
        contents: [
          { uri: 'file:///', text: 'listing' },
          { uri: 'file:///public', text: 'public' },
        ],
      }),
    );
  });

  it.each([
    ['resources/read', { uri: 'file:///secret' }, "read resource 'file:///secret'"],
    ['resources/subscribe', { uri: 'file:///secret' }, "read resource 'file:///secret'"],
    ['resources/unsubscribe', { uri: 'file:///secret' }, "read resource 'file:///secret'"],
    ['prompts/get', { name: 'admin' }, "get prompt 'admin'"],
    ['completion/complete', { ref: { type: 'ref/prompt', name: 'admin' }, argument: {} }, "complete 'admin'"],
    [
      'completion/complete',
      { ref: { type: 'ref/resource', uri: 'file:///secret' }, argument: {} },
      "complete 'file:///secret'",
    ],
  ])('authorizes %s by the item it names', async (method, params, phrase) => {
    const { send, forwarded } = directView({});
    expect(await send(method, params)).toMatchObject({
      error: { code: -32003, message: `User does not have permission to ${phrase}` },
    });
    expect(forwarded).toEqual([]);
  });

  it.each([
    ['tools/call', { name: { toString: 'write_file' } }],
    ['tools/call', undefined],
    ['resources/read', { uri: 42 }],
    ['completion/complete', { ref: { type: 'ref/other', name: 'x' } }],
    ['completion/complete', { ref: 'files__admin' }],
  ])('refuses %s whose params name no item (%j)', async (method, params) => {
    const { send, forwarded } = directView({});
    expect(await send(method, params)).toMatchObject({ error: { code: -32602 } });
    expect(forwarded).toEqual([]);
  });

  it.each([
    'Tools/Call',
    'tools/call ',
    'TOOLS/CALL',
    'tools/execute',
    'subscriptions/listen',
    'rpc.discover',
  ])('answers %j "Method not found" without reaching the backend', async (method) => {
    const { send, forwarded } = directView({});
    expect(await send(method, { name: 'write_file', arguments: {} })).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32601, message: `Method not found: ${method}` },
    });
    expect(forwarded).toEqual([]);
  });

  describe('tasks', () => {
    const owner = appKeyPrincipal(['*']);
    const other: Principal = {
      ...owner,
      appKey: { id: 'key-2', keyPrefix: 'mcp-glb-other', kind: 'app_key', scopes: ['*'] },
    };
    const created = { task: { taskId: 'task-1', status: 'working', ttl: 60_000 } };

    it.each(['tasks/get', 'tasks/result', 'tasks/cancel'])(
      'answers %s only to the caller whose tools/call created the task',
      async (method) => {
        const { send, sendAs, forwarded } = directView({ 'tools/call': created });
        await send('tools/call', { name: 'read_file', arguments: {}, task: { ttl: 60_000 } });
        expect(await sendAs(other, method, { taskId: 'task-1' })).toEqual({
          jsonrpc: '2.0',
          id: 7,
          error: {
            code: -32602,
            message:
              "Invalid params: no task 'task-1' of yours on this server (tasks are followed by the caller that created them)",
          },
        });
        expect(forwarded.map((request) => request.method)).toEqual(['tools/call']);
        expect(await sendAs(owner, method, { taskId: 'task-1' })).toMatchObject({ result: {} });
        expect(forwarded.map((request) => request.method)).toEqual(['tools/call', method]);
      },
    );

    it('answers a task id nobody created as unknown, reaching no backend', async () => {
      const { send, forwarded } = directView({});
      expect(await send('tasks/result', { taskId: 'guessed' })).toMatchObject({ error: { code: -32602 } });
      expect(forwarded).toEqual([]);
    });

    it('follows a task only while its tool may still be called, but always lets its owner cancel it', async () => {
      const tasks = new DirectTasks();
      // write_file is denied: record a task as if it had been created before the deny row.
      tasks.record(owner, 'files', 'task-9', 'write_file', 60_000);
      const { send, forwarded } = directView({}, tasks);
      expect(await send('tasks/result', { taskId: 'task-9' })).toMatchObject({
        error: { code: -32003, message: "User does not have permission to execute tool 'write_file'" },
      });
      expect(await send('tasks/cancel', { taskId: 'task-9' })).toMatchObject({ result: {} });
      expect(forwarded.map((request) => request.method)).toEqual(['tasks/cancel']);
    });
  });
});
