// Decides which values may serve as a request id, so the classifier and callers agree.

import type { JsonRpcId } from './jsonrpc-message.types';

/**
 * True for a string, a safe integer (at most 2^53 - 1 either way) or null. Larger numbers are
 * refused because JavaScript has already rounded them when they arrive (12345678901234567891 is read
 * as ...7000), so the id would go back to the client changed and its answer would match nothing;
 * non-finite numbers likewise, since JSON writes them as null. Fractions are refused because
 * JSON-RPC 2.0 says ids SHOULD NOT have them and float ids are a poor key for the gateway's
 * pending-request table.
 */
export function isJsonRpcId(value: unknown): value is JsonRpcId {
  return value === null || typeof value === 'string' || Number.isSafeInteger(value);
}
