// Protection through MCP: protect or unprotect an item (Admin keys) and ask for protection (any
// key), through the protection services the REST routes use, so each change has its ledger row.
import { Injectable } from '@nestjs/common';
import { ProtectionRequestService } from '../protections/protection-request.service';
import { ProtectionService } from '../protections/protection.service';
import { PROTECT_ITEM_ARGUMENTS, REQUEST_PROTECTION_ARGUMENTS } from './mcp-tool-schemas';
import type { CurationToolRegistrar } from './mcp-tool-registrar';

@Injectable()
export class ProtectionTools {
  constructor(
    private readonly protection: ProtectionService,
    private readonly requests: ProtectionRequestService,
  ) {}

  register(tools: CurationToolRegistrar): void {
    tools.register({
      name: 'plex_protect_item',
      title: 'Protect an item',
      description:
        'Protects a catalog item from pruning (isProtected true, with a reason), or lifts its protection (false). Recorded in the audit ledger.',
      input: PROTECT_ITEM_ARGUMENTS,
      roles: ['Admin'],
      effect: 'write',
      idempotent: true,
      run: async ({ id, isProtected, reason }, caller) => {
        const state = await this.protection.protect(caller, id, {
          isProtected,
          ...(reason === undefined ? {} : { reason }),
        });
        const text = state.isProtected
          ? `${id} is protected: ${state.reason ?? ''} (by ${state.protectedBy ?? 'unknown'}, ${state.protectedAt ?? ''}).`
          : `${id} is not protected.`;
        return { text, structured: { id, ...state } };
      },
    });
    tools.register({
      name: 'plex_request_protection',
      title: 'Request protection',
      description:
        'Asks an Admin to protect a catalog item; while the request is pending the item cannot be pruned. One pending request per key and item.',
      input: REQUEST_PROTECTION_ARGUMENTS,
      roles: ['Admin', 'Guest'],
      effect: 'write',
      run: async ({ id, reason }, caller) => {
        const request = await this.requests.request(caller, id, reason);
        return {
          text: `Protection of ${request.title ?? id} requested (request ${request.id}, ${request.status}).`,
          structured: { request },
        };
      },
    });
  }
}
