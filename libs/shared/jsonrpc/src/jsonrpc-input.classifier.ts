// Entry points that turn any transport input into a classification, never throwing: text goes
// through `parseJsonRpc`, already-parsed bodies (Nest parses JSON) through `classifyJsonRpc`.

import type { JsonRpcClassification } from './jsonrpc-classification.types';
import { JsonRpcErrorCode } from './jsonrpc-error-code.constants';
import { classifyJsonRpcMessage, classifyUntrustedValue, invalidRequest } from './jsonrpc-message.classifier';
import { jsonRpcError } from './jsonrpc-response.builders';
import { readUntrustedValue } from './untrusted-value.reader';

/** Parses and classifies a message text; text that is not JSON yields -32700 with id null. */
export function parseJsonRpc(text: string): JsonRpcClassification {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Not swallowed: malformed JSON is exactly what the Parse error answer reports.
    return {
      kind: 'invalid',
      response: jsonRpcError(null, JsonRpcErrorCode.ParseError),
      reason: 'not valid JSON',
    };
  }
  return classifyJsonRpc(value);
}

/**
 * Classifies a parsed value. A non-empty array is a `batch` with each element classified on its own
 * (nested arrays are invalid elements); an empty array is -32600, as JSON-RPC 2.0 prescribes.
 */
export function classifyJsonRpc(value: unknown): JsonRpcClassification {
  const input = readUntrustedValue(value);
  if (input.kind !== 'array') return classifyUntrustedValue(input);
  if (input.elements.length === 0) return invalidRequest(null, 'batch is empty');
  return { kind: 'batch', items: input.elements.map(classifyJsonRpcMessage) };
}
