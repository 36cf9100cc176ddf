// The rules that make one value a JSON-RPC 2.0 request, notification or response, or tell why not.
// Members are checked like the MCP SDK's schemas do: unknown top-level members are refused (its
// message schemas are strict), unknown members of an error object are dropped (that one strips).
// A valid message comes back as a fresh object deep-equal to the input, except for such dropped
// error members; params, result and error data are passed on by reference, never walked.

import { JsonRpcErrorCode } from './jsonrpc-error-code.constants';
import type {
  JsonRpcInvalidClassification,
  JsonRpcMessageClassification,
} from './jsonrpc-classification.types';
import { isJsonRpcId } from './jsonrpc-id';
import {
  JSON_RPC_VERSION,
  type JsonRpcErrorObject,
  type JsonRpcId,
  type JsonRpcNotification,
  type JsonRpcParams,
} from './jsonrpc-message.types';
import { jsonRpcError } from './jsonrpc-response.builders';
import { readUntrustedValue, type UntrustedValue } from './untrusted-value.reader';

type Members = ReadonlyMap<string, unknown>;

const CALL_MEMBERS: ReadonlySet<string> = new Set(['jsonrpc', 'id', 'method', 'params']);
const RESPONSE_MEMBERS: ReadonlySet<string> = new Set(['jsonrpc', 'id', 'result', 'error']);

/** Classifies one value; an array here is a nested batch element and therefore invalid. */
export function classifyJsonRpcMessage(value: unknown): JsonRpcMessageClassification {
  return classifyUntrustedValue(readUntrustedValue(value));
}

/** Same as `classifyJsonRpcMessage`, for a value the caller has already read. */
export function classifyUntrustedValue(value: UntrustedValue): JsonRpcMessageClassification {
  switch (value.kind) {
    case 'object':
      return classifyMembers(value.members);
    case 'array':
      return invalidRequest(null, 'an array is only allowed as a top-level batch');
    case 'scalar':
      return invalidRequest(null, 'message is not an object');
    case 'unreadable':
      return invalidRequest(null, 'message is not a plain JSON object');
  }
}

/** The answer for an input that is not a message, addressed to `id`. */
export function invalidRequest(id: JsonRpcId, reason: string): JsonRpcInvalidClassification {
  return { kind: 'invalid', response: jsonRpcError(id, JsonRpcErrorCode.InvalidRequest), reason };
}

function classifyMembers(members: Members): JsonRpcMessageClassification {
  // Even a broken message is answered with its id when that id is usable, so the sender can match it.
  const replyId = usableId(members);
  if (members.get('jsonrpc') !== JSON_RPC_VERSION) return invalidRequest(replyId, 'jsonrpc must be "2.0"');
  if (members.has('method')) return classifyCall(members, replyId);
  if (members.has('result') || members.has('error')) return classifyResponse(members, replyId);
  return invalidRequest(replyId, 'message has no method, result or error');
}

function classifyCall(members: Members, replyId: JsonRpcId): JsonRpcMessageClassification {
  const method = members.get('method');
  const params = members.get('params');
  if (typeof method !== 'string' || method === '') {
    return invalidRequest(replyId, 'method must be a non-empty string');
  }
  if (params !== undefined && !isJsonRpcParams(params)) {
    return invalidRequest(replyId, 'params must be an object or an array');
  }
  if (!hasOnlyMembers(members, CALL_MEMBERS)) return invalidRequest(replyId, 'message has an unknown member');
  const call: JsonRpcNotification =
    params === undefined
      ? { jsonrpc: JSON_RPC_VERSION, method }
      : { jsonrpc: JSON_RPC_VERSION, method, params };
  if (!members.has('id')) return { kind: 'notification', message: call };
  const id = members.get('id');
  if (!isJsonRpcId(id)) return invalidRequest(replyId, 'id must be a string, a safe integer or null');
  return { kind: 'request', message: { ...call, id } };
}

function classifyResponse(members: Members, replyId: JsonRpcId): JsonRpcMessageClassification {
  const id = members.get('id');
  if (members.has('result') && members.has('error')) {
    return invalidRequest(replyId, 'response has both result and error');
  }
  // JSON-RPC 2.0 requires the id; the MCP SDK's schema lets error responses omit it, but such an answer
  // cannot be matched to any request, so it is reported rather than passed on.
  if (!members.has('id')) return invalidRequest(replyId, 'response has no id');
  if (!isJsonRpcId(id)) return invalidRequest(replyId, 'id must be a string, a safe integer or null');
  if (!hasOnlyMembers(members, RESPONSE_MEMBERS)) {
    return invalidRequest(replyId, 'message has an unknown member');
  }
  if (members.has('result')) {
    return { kind: 'response', message: { jsonrpc: JSON_RPC_VERSION, id, result: members.get('result') } };
  }
  const error = readErrorObject(members.get('error'));
  if (error === undefined) {
    return invalidRequest(replyId, 'error must be an object with an integer code and a string message');
  }
  return { kind: 'response', message: { jsonrpc: JSON_RPC_VERSION, id, error } };
}

function readErrorObject(value: unknown): JsonRpcErrorObject | undefined {
  const error = readUntrustedValue(value);
  if (error.kind !== 'object') return undefined;
  const code = error.members.get('code');
  const message = error.members.get('message');
  const data = error.members.get('data');
  if (typeof code !== 'number' || !Number.isInteger(code) || typeof message !== 'string') return undefined;
  return data === undefined ? { code, message } : { code, message, data };
}

function usableId(members: Members): JsonRpcId {
  const id = members.get('id');
  return isJsonRpcId(id) ? id : null;
}

function isJsonRpcParams(value: unknown): value is JsonRpcParams {
  return typeof value === 'object' && value !== null;
}

function hasOnlyMembers(members: Members, allowed: ReadonlySet<string>): boolean {
  for (const key of members.keys()) {
    if (!allowed.has(key)) return false;
  }
  return true;
}
