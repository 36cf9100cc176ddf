// JSON-RPC 2.0 message shapes as they travel between MCP clients, the gateway and backends.
//
// Why our own types instead of @modelcontextprotocol/core@2.4.0: that package exports only Zod
// schemas (types would need zod and `z.infer`), and its shapes are MCP's narrowing of JSON-RPC that
// the gateway cannot adopt: `RequestId` is `string | number` (spec 4.1 says ids may be null and must
// come back with their type), `params` must be an object (JSON-RPC also allows arrays) and `result`
// must be an object. These types are plain JSON-RPC 2.0; MCP-level validation of params and
// results stays with the SDK schemas at the transport edge.

/** The only protocol version a message may declare. */
export const JSON_RPC_VERSION = '2.0';

/**
 * A request id. The gateway restores it with its exact type: `"1"` stays a string, `1` a number,
 * `null` null. Numbers are integers; see `isJsonRpcId`.
 */
export type JsonRpcId = string | number | null;

/** Call parameters: by name (object) or by position (array). */
export type JsonRpcParams = Readonly<Record<string, unknown>> | readonly unknown[];

/** A call that expects a response carrying the same id. */
export interface JsonRpcRequest {
  readonly jsonrpc: typeof JSON_RPC_VERSION;
  readonly id: JsonRpcId;
  readonly method: string;
  readonly params?: JsonRpcParams;
}

/** A call without an id: the receiver never answers it. */
export interface JsonRpcNotification {
  readonly jsonrpc: typeof JSON_RPC_VERSION;
  readonly method: string;
  readonly params?: JsonRpcParams;
}

export interface JsonRpcSuccessResponse<TResult = unknown> {
  readonly jsonrpc: typeof JSON_RPC_VERSION;
  readonly id: JsonRpcId;
  readonly result: TResult;
}

/** The `error` member of an error response; `code` is an integer. */
export interface JsonRpcErrorObject<TData = unknown> {
  readonly code: number;
  readonly message: string;
  readonly data?: TData;
}

/** An error answer; its id is null when the request's id could not be determined. */
export interface JsonRpcErrorResponse<TData = unknown> {
  readonly jsonrpc: typeof JSON_RPC_VERSION;
  readonly id: JsonRpcId;
  readonly error: JsonRpcErrorObject<TData>;
}

export type JsonRpcResponse = JsonRpcSuccessResponse | JsonRpcErrorResponse;

export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification | JsonRpcResponse;
