// The one place a message the gateway sends a backend becomes the SDK's `JSONRPCMessage`, the type
// the backend link speaks. The gateway holds what it relays in @platform/jsonrpc's plain JSON-RPC
// types (decision 028): a client's params as `JsonRpcParams`, a client's answer as `unknown`.
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import type { JsonRpcErrorObject, JsonRpcParams } from '@platform/jsonrpc';

/** What the gateway sends upstream: a request, a notification, or an answer to a backend's request. */
export type UpstreamMessage =
  | { readonly id: string | number; readonly method: string; readonly params?: JsonRpcParams }
  | { readonly method: string; readonly params?: JsonRpcParams }
  | { readonly id: string | number; readonly result: unknown }
  | { readonly id: string | number; readonly error: JsonRpcErrorObject };

export function upstreamMessage(message: UpstreamMessage): JSONRPCMessage {
  // The one cast between the two type systems, and why it holds: a client's request or
  // notification passed the SDK's schemas at the edge (params an object, `_meta` an object), and
  // the gateway's own messages are built to them; an answer's result is relayed as the client sent
  // it, which the backend judges, as it would without the gateway between them.
  return { jsonrpc: '2.0', ...message } as JSONRPCMessage;
}
