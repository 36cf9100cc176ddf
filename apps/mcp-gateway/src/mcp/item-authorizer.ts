// The authorization pipeline applied to MCP items: one decision per call, and list filtering
// that silently leaves out what the caller may not use (spec 5.1 capability matrix). Denials are
// JSON-RPC errors with the pipeline's message and its explanation as `data`, e.g. `User does not
// have permission to execute tool '<name>'`; the code is the gateway's
// (docs/decisions/010-client-facing-mcp.md). Every view decides an item by its
// `authorizationTarget`, so one policy row means the same in each
// (docs/decisions/020-one-decision-per-item-in-every-view.md).
import { Injectable } from '@nestjs/common';
import { type JsonRpcId, jsonRpcError, type JsonRpcResponse } from '@platform/jsonrpc';
import { AccessControlService } from '../access/access-control.service';
import { permissionDeniedMessage } from '../access/authorization';
import type { Principal } from '../access/principal';
import { authorizationTarget, type BackendItem } from './namespacing';

/** JSON-RPC code of an authorization denial (spec 7 lists none; -32003 as in several MCP servers). */
export const PERMISSION_DENIED_CODE = -32003;

@Injectable()
export class ItemAuthorizer {
  constructor(private readonly access: AccessControlService) {}

  /**
   * Undefined when allowed, else the error response to send. The message names `shownAs`, the
   * item as the client asked for it in its view (the target itself unless given).
   */
  async check(
    principal: Principal,
    id: JsonRpcId,
    method: string,
    target: string,
    serverId: string,
    shownAs: string = target,
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
          permissionDeniedMessage(method, shownAs),
          decision.explanation,
        );
  }

  /** `check` for a backend item, decided by its authorization target in whichever view it was asked for. */
  checkItem(
    principal: Principal,
    id: JsonRpcId,
    method: string,
    item: BackendItem,
    shownAs: string,
  ): Promise<JsonRpcResponse | undefined> {
    const { target, serverId } = authorizationTarget(item);
    return this.check(principal, id, method, target, serverId, shownAs);
  }

  /** Whether the principal may `method` the item (a list method: may see it). */
  sees(principal: Principal, method: string, item: BackendItem): Promise<boolean> {
    const { target, serverId } = authorizationTarget(item);
    return this.allows(principal, method, target, serverId);
  }

  /** See AccessControlService.decisionInputsVersion: what a cache of decisions must key on. */
  decisionInputsVersion(): Promise<string | undefined> {
    return this.access.decisionInputsVersion();
  }

  async allows(principal: Principal, method: string, target: string, serverId: string): Promise<boolean> {
    return (await this.access.authorize(principal, { method, target, serverId }, 'listing')).allowed;
  }
}
