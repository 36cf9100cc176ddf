// Requests a backend sends towards a client (sampling, elicitation, roots/list): handed to the
// client request they were attributed to, answered back to the backend under the backend's own
// id, or refused at once when no client can answer. A backend's cancellation or a lost link
// aborts the ones still open.
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { mcpErrorObject } from '../../mcp/protocol/mcp-error-responses';
import { upstreamMessage } from '../connections/upstream-message';
import type { ForwardedCall, ServerToClientAnswer, ServerToClientRequest } from './forwarded-call';

type Send = (serverId: string, message: JSONRPCMessage) => Promise<void>;

interface OpenRequest {
  readonly serverId: string;
  readonly controller: AbortController;
}

export class ServerRequestRouter {
  private readonly open = new Map<string, OpenRequest>();

  constructor(private readonly send: Send) {}

  route(
    serverId: string,
    id: string | number,
    request: ServerToClientRequest,
    call: ForwardedCall | undefined,
  ): void {
    const handler = call?.onServerRequest;
    if (handler === undefined) {
      void this.answer(serverId, id, {
        error: mcpErrorObject('MethodNotFound', {
          message: `No client session can answer '${request.method}' for server '${serverId}' now`,
        }),
      });
      return;
    }
    const key = keyOf(serverId, id);
    const controller = new AbortController();
    this.open.set(key, { serverId, controller });
    void handler(request, controller.signal)
      .catch((error: unknown): ServerToClientAnswer => ({
        error: mcpErrorObject('InternalError', {
          message: error instanceof Error ? error.message : String(error),
        }),
      }))
      .then((answer) => {
        this.open.delete(key);
        // A cancelled request gets no answer (the backend said it no longer wants one).
        if (!controller.signal.aborted) void this.answer(serverId, id, answer);
      });
  }

  cancelledByBackend(serverId: string, requestId: unknown): void {
    if (typeof requestId !== 'string' && typeof requestId !== 'number') return;
    const key = keyOf(serverId, requestId);
    this.open.get(key)?.controller.abort('cancelled by the server');
    this.open.delete(key);
  }

  abortBackend(serverId: string): void {
    for (const [key, open] of [...this.open]) {
      if (open.serverId !== serverId) continue;
      open.controller.abort('server connection closed');
      this.open.delete(key);
    }
  }

  private async answer(serverId: string, id: string | number, answer: ServerToClientAnswer): Promise<void> {
    try {
      await this.send(serverId, answerMessage(id, answer));
    } catch {
      // The client's answer could not be passed on (it cannot be encoded, or the backend refused
      // it): the backend still gets an answer instead of waiting for one until it gives up.
      const undelivered: ServerToClientAnswer = {
        error: mcpErrorObject('InternalError', { message: "The client's answer could not be delivered" }),
      };
      await this.send(serverId, answerMessage(id, undelivered)).catch(() => undefined);
    }
  }
}

function answerMessage(id: string | number, answer: ServerToClientAnswer): JSONRPCMessage {
  return upstreamMessage('error' in answer ? { id, error: answer.error } : { id, result: answer.result });
}

function keyOf(serverId: string, id: string | number): string {
  return `${serverId}\u0000${typeof id}:${id}`;
}
