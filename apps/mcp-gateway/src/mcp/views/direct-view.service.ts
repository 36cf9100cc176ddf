// The direct view (`/{serverId}`): one backend as it is, with its own names and its own list
// cursors, under the same item-level authorization as the aggregated views. Being let in at the
// door (the direct-proxy check) is about the server; each request that names an item is then
// decided by that item's namespaced target, and each list page the backend returns is filtered by
// the same rule, so one policy row decides alike in every view
// (docs/decisions/020-one-decision-per-item-in-every-view.md). Only the methods of the MCP
// specification pass: a method the gateway does not know could not be authorized, so it is
// answered "Method not found" here and never reaches a backend that might read it more loosely
// (a case-insensitive router taking `Tools/Call` for `tools/call`). Tasks are followed only by
// the caller that created them (DirectTasks).
import { Injectable } from '@nestjs/common';
import type { JsonRpcRequest } from '@platform/jsonrpc';
import { jsonRpcErrorFor } from '../protocol/mcp-error-responses';
import { AccessControlService } from '../../access/access-control.service';
import { BackendProxy } from '../../backends/proxy/backend-proxy.service';
import { AggregatedCatalog } from './aggregated-catalog.service';
import { paramsOf, type ValidatedRequest } from '../protocol/request-params.validator';
import { listKindOf, type ListKind } from './backend-lists.cache';
import { DirectTasks } from './direct-tasks';
import { type DispatchResult, type Exchange, forwardedCall } from '../sessions/exchange';
import { authorizationTarget } from './namespacing';
import { permissionDenied } from './permission-denied';
import { isJsonRecord, jsonRecordOf } from '../../json-record';

const TASK_METHODS: ReadonlySet<string> = new Set(['tasks/get', 'tasks/result', 'tasks/cancel']);

/** The item a request names, and the capability-matrix method it is authorized as. */
interface RequestedItem {
  readonly method: string;
  readonly kind: ListKind;
  readonly name: string;
}

@Injectable()
export class DirectView {
  constructor(
    private readonly catalog: AggregatedCatalog,
    private readonly access: AccessControlService,
    private readonly proxy: BackendProxy,
    private readonly tasks: DirectTasks,
  ) {}

  async handle(exchange: Exchange, serverId: string, request: ValidatedRequest): Promise<DispatchResult> {
    const listKind = listKindOf(request.method);
    if (listKind !== undefined) return this.list(exchange, serverId, request, listKind);
    if (TASK_METHODS.has(request.method)) return this.followTask(exchange, serverId, request);
    const requested = requestedItem(request);
    // Besides the lists, the tasks and what the dispatcher answers itself (initialize, ping,
    // server/discover, logging/setLevel, tasks/list), every method a client may send names an item.
    if (requested === undefined) {
      return {
        response: jsonRpcErrorFor('MethodNotFound', request.id, {
          message: `Method not found: ${request.method}`,
        }),
      };
    }
    if (requested === 'malformed') {
      return {
        response: jsonRpcErrorFor('InvalidParams', request.id, {
          message: `Invalid params: ${request.method} must name a tool, prompt or resource`,
        }),
      };
    }
    const target = { serverId, name: requested.name };
    const decision = await this.access.authorize(exchange.principal, {
      method: requested.method,
      ...authorizationTarget({ serverId, kind: requested.kind, name: requested.name }),
    });
    if (!decision.allowed)
      return permissionDenied(request.id, requested.method, requested.name, decision, target);
    const result = await this.proxy.forward(serverId, forwardedCall(exchange, request));
    if (request.method === 'tools/call') this.recordCreatedTask(exchange, serverId, requested.name, result);
    const answered =
      request.method === 'resources/read'
        ? await this.catalog.readableContents(exchange.principal, serverId, requested.name, result)
        : result;
    return { ...answered, target };
  }

  /**
   * tasks/get, tasks/result and tasks/cancel: only for the task's creator, and (except cancel,
   * which only stops work) only while the current policies still let them call its tool.
   */
  private async followTask(
    exchange: Exchange,
    serverId: string,
    request: ValidatedRequest,
  ): Promise<DispatchResult> {
    // The params were checked against the method's schema at the edge: taskId is a string. (The
    // task methods are not in the SDK's ClientRequest union, so paramsOf cannot type them.)
    const taskId = String(jsonRecordOf(request.params)['taskId']);
    const task = this.tasks.ownedBy(exchange.principal, serverId, taskId);
    if (task === undefined) {
      return {
        response: jsonRpcErrorFor('InvalidParams', request.id, {
          message: `Invalid params: no task '${taskId}' of yours on this server (tasks are followed by the caller that created them)`,
        }),
      };
    }
    if (request.method !== 'tasks/cancel') {
      const decision = await this.access.authorize(exchange.principal, {
        method: 'tools/call',
        ...authorizationTarget({ serverId, kind: 'tools', name: task.tool }),
      });
      if (!decision.allowed)
        return permissionDenied(request.id, 'tools/call', task.tool, decision, { serverId, name: task.tool });
    }
    return this.proxy.forward(serverId, forwardedCall(exchange, request));
  }

  /** A task-augmented tools/call answers `{task: {taskId, ttl, …}}`: its creator is this caller. */
  private recordCreatedTask(
    exchange: Exchange,
    serverId: string,
    tool: string,
    result: DispatchResult,
  ): void {
    const response = result.response;
    if (!('result' in response)) return;
    const task = jsonRecordOf(response.result)['task'];
    if (!isJsonRecord(task)) return;
    const { taskId, ttl } = task;
    if (typeof taskId === 'string' && taskId !== '')
      this.tasks.record(exchange.principal, serverId, taskId, tool, ttl);
  }

  /**
   * One page of the backend's list, with the backend's cursor, less what the principal may not
   * see. A page may come back shorter than the backend sent it, or empty with a `nextCursor`: MCP
   * clients follow the cursor until there is none, and the cursor stays the backend's own.
   */
  private async list(
    exchange: Exchange,
    serverId: string,
    request: JsonRpcRequest,
    kind: ListKind,
  ): Promise<DispatchResult> {
    const result = await this.proxy.forward(serverId, forwardedCall(exchange, request));
    const response = result.response;
    if (!('result' in response)) return result;
    const body = jsonRecordOf(response.result);
    const items = body[kind];
    // Anything but an array lists nothing: what cannot be checked is not shown.
    const visible = Array.isArray(items)
      ? await this.catalog.visibleOf(exchange.principal, request.method, serverId, items)
      : [];
    return { ...result, response: { ...response, result: { ...body, [kind]: visible } } };
  }
}

/**
 * The item a request names: tools/call and prompts/get by `name`, resources/read and resource
 * subscriptions by `uri` (a subscription is authorized as a read: it delivers what a read would),
 * completion/complete by its reference. `malformed` when the method names an item but the params
 * do not; undefined for any other method.
 */
function requestedItem(request: ValidatedRequest): RequestedItem | 'malformed' | undefined {
  // The edge validated the params; the check stays for a request handed over without it (the
  // direct view's unit tests), where a non-string name must not reach authorization.
  const named = (method: string, kind: ListKind, value: unknown): RequestedItem | 'malformed' =>
    typeof value === 'string' && value !== '' ? { method, kind, name: value } : 'malformed';
  switch (request.method) {
    case 'tools/call':
      return named('tools/call', 'tools', paramsOf(request, 'tools/call')?.name);
    case 'prompts/get':
      return named('prompts/get', 'prompts', paramsOf(request, 'prompts/get')?.name);
    case 'resources/read':
    case 'resources/subscribe':
    case 'resources/unsubscribe': {
      const params =
        paramsOf(request, 'resources/read') ??
        paramsOf(request, 'resources/subscribe') ??
        paramsOf(request, 'resources/unsubscribe');
      return named('resources/read', 'resources', params?.uri);
    }
    case 'completion/complete': {
      const ref = paramsOf(request, 'completion/complete')?.ref;
      if (ref?.type === 'ref/prompt') return named(request.method, 'prompts', ref.name);
      if (ref?.type === 'ref/resource') return named(request.method, 'resources', ref.uri);
      return 'malformed';
    }
    default:
      return undefined;
  }
}
