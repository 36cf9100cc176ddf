// Sends one client request to one backend through the proxy core on behalf of an exchange, so
// that what the backend sends meanwhile (progress, sampling, elicitation, roots) reaches the
// client on the request's own stream.
import { Injectable } from '@nestjs/common';
import type { JsonRpcRequest } from '@platform/jsonrpc';
import { BackendProxy } from '../backends/proxy/backend-proxy.service';
import type { ForwardedCall } from '../backends/proxy/forwarded-call';
import type { DispatchResult, Exchange } from './exchange';

@Injectable()
export class McpForwarder {
  constructor(private readonly proxy: BackendProxy) {}

  forward(exchange: Exchange, serverId: string, request: JsonRpcRequest): Promise<DispatchResult> {
    const { relay, session } = exchange;
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
