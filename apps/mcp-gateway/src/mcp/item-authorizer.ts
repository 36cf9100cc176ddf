// The authorization pipeline applied to MCP items: one decision per call, and list filtering
// that silently leaves out what the caller may not use (spec 5.1 capability matrix). Denials are
// JSON-RPC errors with the pipeline's message and its explanation as `data`, e.g. `User does not have permission to execute
// tool '<name>'`; the code is the gateway's (docs/decisions/010-client-facing-mcp.md).
import { Injectable } from '@nestjs/common';
import { type JsonRpcId, jsonRpcError, type JsonRpcResponse } from '@platform/jsonrpc';
import { AccessControlService } from '../access/access-control.service';
import { permissionDeniedMessage } from '../access/authorization';
import type { Principal } from '../access/principal';

/** JSON-RPC code of an authorization denial (spec 7 lists none; -32003 as in several MCP servers). */
export const PERMISSION_DENIED_CODE = -32003;

@Injectable()
export class ItemAuthorizer {
  constructor(private readonly access: AccessControlService) {}

  /** Undefined when allowed, else the error response to send. */
  async check(
    principal: Principal,
    id: JsonRpcId,
    method: string,
    target: string,
    serverId: string,
  ): Promise<JsonRpcResponse | undefined> {
    const decision = await this.access.authorize(principal, { method, target, serverId });
    // Inside the protocol every denial reads the same whatever stage refused it (scope or RBAC):
    // the capability matrix's message names the target; `data` says which layer refused and
    // what to add, and nothing about the rules themselves (docs/decisions/023).
    return decision.allowed
      ? undefined
      : jsonRpcError(
          id,
          PERMISSION_DENIED_CODE,
          permissionDeniedMessage(method, target),
          decision.explanation,
        );
  }

  /** See AccessControlService.decisionInputsVersion: what a cache of decisions must key on. */
  decisionInputsVersion(): Promise<string | undefined> {
    return this.access.decisionInputsVersion();
  }

  async allows(principal: Principal, method: string, target: string, serverId: string): Promise<boolean> {
    return (await this.access.authorize(principal, { method, target, serverId }, 'listing')).allowed;
  }
}
