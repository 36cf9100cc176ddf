// Registers the curation tools on one per-request McpServer for one caller: typed arguments (zod,
// validated by the SDK), annotations from the tool's effect, a role check before the tool runs,
// and every failure turned into an MCP tool error the model can read (never a stack trace).
import type { Logger } from '@nestjs/common';
import type { CallToolResult, McpServer, StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import { DomainError } from '@platform/service-kit';
import type * as z from 'zod';
import type { Caller } from '../access/caller';
import { CURATION_ROLES, type CurationRole } from '../access/curation-roles';
import { McpErrors } from './mcp-errors';

/** What a tool answers: text for the model, and the same data as an object where it helps. */
export interface ToolAnswer {
  readonly text: string;
  readonly structured?: Record<string, unknown>;
}

/** `read` changes nothing; `write` changes state; `destructive` may delete media. */
export type ToolEffect = 'read' | 'write' | 'destructive';

export interface CurationTool<S extends z.ZodObject> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly input: S;
  /** Roles whose keys may call it; others get a tool error naming the role needed. */
  readonly roles: readonly CurationRole[];
  readonly effect: ToolEffect;
  /** True when calling it twice with the same arguments changes nothing more (reads always are). */
  readonly idempotent?: boolean;
  /** True when the tool reaches other systems (Plex, Sonarr, Radarr), not only the catalog. */
  readonly openWorld?: boolean;
  readonly run: (args: z.output<S>, caller: Caller) => Promise<ToolAnswer>;
}

export class CurationToolRegistrar {
  constructor(
    private readonly server: McpServer,
    private readonly caller: Caller,
    private readonly logger: Logger,
  ) {}

  register<S extends z.ZodObject>(tool: CurationTool<S>): void {
    // Every role, not a count: a role added later must not make a narrower tool read as open to all.
    const everyone = CURATION_ROLES.every((role) => tool.roles.includes(role));
    // Widened so the SDK's overloads see one schema type; run() restores the tool's own type.
    const input: StandardSchemaWithJSON = tool.input;
    this.server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: everyone
          ? tool.description
          : `${tool.description} (${[...new Set(tool.roles)].join(' or ')} keys only.)`,
        inputSchema: input,
        annotations: {
          title: tool.title,
          readOnlyHint: tool.effect === 'read',
          destructiveHint: tool.effect === 'destructive',
          idempotentHint: tool.effect === 'read' || tool.idempotent === true,
          openWorldHint: tool.openWorld ?? false,
        },
      },
      // The SDK has validated the arguments against `input`; its inferred type is that output.
      (args: unknown) => this.run(tool, args as z.output<S>),
    );
  }

  private async run<S extends z.ZodObject>(
    tool: CurationTool<S>,
    args: z.output<S>,
  ): Promise<CallToolResult> {
    try {
      if (!tool.roles.includes(this.caller.role)) {
        throw McpErrors.toolRoleRequired(tool.name, tool.roles, this.caller.role);
      }
      const answer = await tool.run(args, this.caller);
      return {
        content: [{ type: 'text', text: answer.text }],
        ...(answer.structured === undefined ? {} : { structuredContent: answer.structured }),
      };
    } catch (error) {
      return toolError(error instanceof DomainError ? error : this.unexpected(tool.name, error));
    }
  }

  private unexpected(tool: string, error: unknown): DomainError {
    this.logger.error({ err: error, tool }, 'MCP tool failed');
    return McpErrors.internal(tool);
  }
}

function toolError(error: DomainError): CallToolResult {
  return {
    isError: true,
    content: [{ type: 'text', text: error.message }],
    structuredContent: { ...error.details, code: error.code },
  };
}
