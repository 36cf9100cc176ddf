// Sends one client request to one backend through the proxy core on behalf of an exchange, so
// that what the backend sends meanwhile (progress, sampling, elicitation, roots) reaches the
// client on the request's own stream.
import { Injectable } from '@nestjs/common';
import type { JsonRpcRequest } from '@platform/jsonrpc';
import { BackendProxy } from '../backends/proxy/backend-proxy.service';
import type { ForwardedCall } from '../backends/proxy/forwarded-call';
import type { ClientSession, MessageSink } from './client-session';
import type { DispatchResult, Exchange } from './exchange';
import { passesLevel } from './log-levels';

@Injectable()
export class McpForwarder {
  constructor(private readonly proxy: BackendProxy) {}

  forward(exchange: Exchange, serverId: string, request: JsonRpcRequest): Promise<DispatchResult> {
    const { session } = exchange;
    const relay = withinLogLevel(exchange.relay, session);
    const call: ForwardedCall = {
      sessionId: exchange.contextId,
      request,
      ...(exchange.passThroughAuthorization === undefined
        ? {}
        : { passThroughAuthorization: exchange.passThroughAuthorization }),
      ...(exchange.signal === undefined ? {} : { signal: exchange.signal }),
      ...(relay === undefined ? {} : { onNotification: relay }),
      ...(session === undefined || relay === undefined
        ? {}
        : { onServerRequest: (serverRequest, signal) => session.ask(serverRequest, signal, relay) }),
    };
    return this.proxy.forward(serverId, call);
  }
}

/**
 * The relay, keeping from it log lines below the level the session chose: the backend's own level
 * is the most verbose any caller chose (DirectSubscriptions), which must not reach this one.
 */
function withinLogLevel(
  relay: MessageSink | undefined,
  session: ClientSession | undefined,
): MessageSink | undefined {
  if (relay === undefined || session === undefined) return relay;
  return (message) => {
    const params =
      'method' in message && message.method === 'notifications/message' ? message.params : undefined;
    if (
      params !== undefined &&
      !passesLevel((params as Readonly<Record<string, unknown>>)['level'], session.logLevel)
    ) {
      return;
    }
    relay(message);
  };
}
