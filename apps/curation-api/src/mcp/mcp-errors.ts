// What the MCP tools themselves refuse, as domain errors with stable codes. Every domain error a
// tool meets (these, and the catalog's, sync's, ...) reaches the model as an MCP tool error
// (`isError: true`) with the message as text and the code in structuredContent.
import { DomainError } from '@platform/service-kit';
import type { CurationRole } from '../access/curation-roles';

export const McpErrorCode = {
  ToolRoleRequired: 'mcp.tool-role-required',
  Internal: 'mcp.internal-error',
} as const;

export type McpErrorCode = (typeof McpErrorCode)[keyof typeof McpErrorCode];

export const McpErrors = {
  toolRoleRequired: (tool: string, roles: readonly CurationRole[], callerRole: CurationRole) =>
    new DomainError(
      'forbidden',
      McpErrorCode.ToolRoleRequired,
      `${tool} needs ${roles.length === 1 ? `an ${roles[0]}` : `an ${roles.join(' or ')}`} API key; this key has the ${callerRole} role. Nothing was changed.`,
      { tool, requiredRoles: [...roles], role: callerRole },
    ),
  internal: (tool: string) =>
    new DomainError(
      'unavailable',
      McpErrorCode.Internal,
      `${tool} failed unexpectedly inside the curation API; its log has the details.`,
      { tool },
    ),
};
