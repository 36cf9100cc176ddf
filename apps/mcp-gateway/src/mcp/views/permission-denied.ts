// How an authorization denial reads inside the protocol: a JSON-RPC error with the pipeline's
// message, e.g. `User does not have permission to execute tool '<name>'`, and its explanation as
// `data`; the code is the gateway's (docs/decisions/010-client-facing-mcp.md). Whatever stage
// refused (scope or RBAC) the message is the same; `data` says which layer refused and what to
// add, and nothing about the rules themselves (docs/decisions/023).
import type { JsonRpcId } from '@platform/jsonrpc';
import { type AuthorizationDenial, permissionDeniedMessage } from '../../access/authorization';
import { GatewayErrorCode } from '../protocol/gateway-error-codes';
import { jsonRpcErrorFor } from '../protocol/mcp-error-responses';
import type { DispatchResult } from '../sessions/exchange';

/** JSON-RPC code of an authorization denial. */
export const PERMISSION_DENIED_CODE = GatewayErrorCode.PermissionDenied;

/**
 * The answer to a request the pipeline refused. `shownAs` is the item as the client named it in
 * its view; `target` is the backend item it would have reached (for the audit).
 */
export function permissionDenied(
  id: JsonRpcId,
  method: string,
  shownAs: string,
  denial: AuthorizationDenial,
  target: { readonly serverId: string; readonly name: string },
): DispatchResult {
  return {
    response: jsonRpcErrorFor('PermissionDenied', id, {
      message: permissionDeniedMessage(method, shownAs),
      data: denial.explanation,
    }),
    denied: true,
    target,
  };
}
