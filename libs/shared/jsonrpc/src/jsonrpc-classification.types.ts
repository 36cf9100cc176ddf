// What the classifier says about one input: a valid message of some kind, the error response the
// input deserves, or a batch whose elements were each classified.

import type {
  JsonRpcErrorResponse,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcResponse,
} from './jsonrpc-message.types';

export interface JsonRpcRequestClassification {
  readonly kind: 'request';
  readonly message: JsonRpcRequest;
}

export interface JsonRpcNotificationClassification {
  readonly kind: 'notification';
  readonly message: JsonRpcNotification;
}

/** A success or error response; one kind because both are routed the same way, by id. */
export interface JsonRpcResponseClassification {
  readonly kind: 'response';
  readonly message: JsonRpcResponse;
}

/**
 * The input is not a JSON-RPC message. `response` is the answer JSON-RPC prescribes (-32700 or
 * -32600, carrying the input's id when it had a usable one); the transport decides whether to send
 * it (JSON-RPC never answers something that was itself a response). `reason` is a fixed,
 * human-readable phrase for logs; it never echoes input.
 */
export interface JsonRpcInvalidClassification {
  readonly kind: 'invalid';
  readonly response: JsonRpcErrorResponse;
  readonly reason: string;
}

/** The classification of one message, as found alone or as a batch element. */
export type JsonRpcMessageClassification =
  | JsonRpcRequestClassification
  | JsonRpcNotificationClassification
  | JsonRpcResponseClassification
  | JsonRpcInvalidClassification;

/**
 * A non-empty JSON array. Only MCP 2025-03-26 allows batches, so the transport, which knows the
 * negotiated revision, decides whether to process `items` or to refuse the whole batch.
 */
export interface JsonRpcBatchClassification {
  readonly kind: 'batch';
  readonly items: readonly JsonRpcMessageClassification[];
}

export type JsonRpcClassification = JsonRpcMessageClassification | JsonRpcBatchClassification;
