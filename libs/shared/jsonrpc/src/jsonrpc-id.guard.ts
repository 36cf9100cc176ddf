// Decides which values may serve as a request id, so the classifier and callers agree.

import type { JsonRpcId } from './jsonrpc-message.types';

/**
 * True for a string, an integer number or null. Non-finite numbers are refused because JSON writes
 * them as null, so the id would come back changed. Fractions are refused because JSON-RPC 2.0 says
 * ids SHOULD NOT have them and float ids are a poor key for the gateway's pending-request table.
 */
export function isJsonRpcId(value: unknown): value is JsonRpcId {
  return value === null || typeof value === 'string' || Number.isInteger(value);
}
