// The MCP server of the bridge: one fresh instance per request (the SDK's per-request
// factory), with six tools over the same terminals as the chat API. There is deliberately no
// tool that runs arbitrary tmux commands: with `run-shell`, that would be remote code execution.
import { Injectable } from '@nestjs/common';
import { type CallToolResult, fromJsonSchema, McpServer } from '@modelcontextprotocol/server';
import { DomainError } from '@platform/service-kit';
import { parseKeySequence, TmuxClient, type TurnInput, type TurnResult } from '@platform/tmux';
import type { Caller } from '../auth/api-key.verifier';
import { closingNote } from '../replies/turn-notes';
import { BridgeErrors } from '../errors/bridge-errors';
import { modelIdOf } from '../models/model-id';
import { TapsService } from '../taps/taps.service';
import { SessionDirectory } from '../terminals/session-directory.service';
import { TerminalTurns } from '../terminals/terminal-turns.service';
import { withTmuxErrors } from '../terminals/tmux-error.translator';
import * as schemas from './mcp-tool-schemas';

const SERVER_INFO = { name: 'term-bridge', version: '0.1.0' };

/** Registers one tool whose arguments the SDK has validated against `schema`. */
type ToolRegistrar = <A = Record<string, never>>(
  name: string,
  description: string,
  schema: object,
  readOnly: boolean,
  run: (args: A) => Promise<CallToolResult>,
) => void;

@Injectable()
export class McpToolsFactory {
  constructor(
    private readonly sessions: SessionDirectory,
    private readonly turns: TerminalTurns,
    private readonly tmux: TmuxClient,
    private readonly taps: TapsService,
  ) {}

  create(caller: Caller): McpServer {
    const server = new McpServer(SERVER_INFO, {
      instructions:
        'Each tmux session is a terminal. send_text types into it and returns the settled output.',
    });
    const register: ToolRegistrar = (name, description, schema, readOnly, run) =>
      server.registerTool(
        name,
        {
          description,
          inputSchema: fromJsonSchema(schema as Parameters<typeof fromJsonSchema>[0]),
          annotations: {
            readOnlyHint: readOnly,
            destructiveHint: name === 'kill_session',
            openWorldHint: false,
          },
        },
        (args: unknown) => this.guarded(name, () => run(args as never)),
      );
    this.registerReadingTools(register);
    this.registerTypingTools(register, caller);
    this.registerSessionTools(register, caller);
    return server;
  }

  private registerReadingTools(register: ToolRegistrar): void {
    register(
      'list_sessions',
      'The tmux sessions (each also a chat model term:<name>).',
      schemas.NO_ARGUMENTS,
      true,
      () => this.listSessions(),
    );
    register<{ session: string; lines?: number }>(
      'read_screen',
      'The last lines of a session’s active pane, as rendered by tmux.',
      schemas.READ_SCREEN_ARGUMENTS,
      true,
      async ({ session, lines }) => {
        await this.requireSession(session);
        const captured = await withTmuxErrors(() => this.tmux.capturePane(session, lines ?? 50), session);
        return text(captured.join('\n'), { session, lines: captured });
      },
    );
  }

  private registerTypingTools(register: ToolRegistrar, caller: Caller): void {
    register<{ session: string; text: string; enter?: boolean }>(
      'send_text',
      'Types text into a session (exactly, never interpreted by tmux); with enter (default) presses Enter and returns the settled output.',
      schemas.SEND_TEXT_ARGUMENTS,
      false,
      (args) => this.sendText(caller, args),
    );
    register<{ session: string; keys: string[] }>(
      'send_keys',
      'Presses keys from the allow-list (Enter, Escape, Tab, arrows, C-a…C-z, F1–F12, single characters) and returns the settled output.',
      schemas.SEND_KEYS_ARGUMENTS,
      false,
      async ({ session, keys }) => {
        const parsed = parseKeySequence(keys);
        if (!parsed.ok) throw BridgeErrors.invalidRequest(parsed.problem);
        return this.turnResult(session, { kind: 'keys', keys: parsed.keys }, caller);
      },
    );
  }

  private registerSessionTools(register: ToolRegistrar, caller: Caller): void {
    register<{ name: string; command?: string }>(
      'create_session',
      'Creates a tmux session running a shell; with command, types it there and returns its output.',
      schemas.CREATE_SESSION_ARGUMENTS,
      false,
      async ({ name, command }) => {
        // Checked before the session exists, so an oversized command creates nothing.
        if (command !== undefined) this.turns.assertInputSize(command);
        await this.sessions.create(name);
        if (command === undefined || command === '') {
          return text(`Created session ${name} (model ${modelIdOf(name)}).`, { name });
        }
        return this.turnResult(name, { kind: 'text', text: command }, caller);
      },
    );
    register<{ name: string }>(
      'kill_session',
      'Ends a tmux session.',
      schemas.KILL_SESSION_ARGUMENTS,
      false,
      async ({ name }) => {
        await this.requireSession(name);
        await this.sessions.kill(name);
        return text(`Killed session ${name}.`, { name });
      },
    );
  }

  private async listSessions(): Promise<CallToolResult> {
    const sessions = (await this.sessions.list()).map((session) => ({
      name: session.name,
      model: modelIdOf(session.name),
      windows: session.windows,
      attachedClients: session.attachedClients,
      created: new Date(session.created * 1000).toISOString(),
    }));
    return text(JSON.stringify(sessions, null, 2), { sessions });
  }

  private async sendText(
    caller: Caller,
    args: { session: string; text: string; enter?: boolean },
  ): Promise<CallToolResult> {
    await this.requireSession(args.session);
    if (args.enter === false) {
      await this.turns.typeOnly(args.session, args.text, { caller, channel: 'mcp' });
      return text(`Typed ${Buffer.byteLength(args.text)} bytes into ${args.session} (no Enter).`, {
        session: args.session,
      });
    }
    return this.turnResult(args.session, { kind: 'text', text: args.text }, caller);
  }

  private async turnResult(session: string, input: TurnInput, caller: Caller): Promise<CallToolResult> {
    await this.requireSession(session);
    const result: TurnResult = await this.turns.run(session, input, { caller, channel: 'mcp' });
    const note = closingNote(result);
    return text([result.text, note].filter((part) => part !== undefined && part !== '').join('\n\n'), {
      session,
      output: result.text,
      settled: result.outcome.reason,
      elapsedMs: result.outcome.elapsedMs,
      ...(result.commandAfter === undefined ? {} : { foreground: result.commandAfter }),
    });
  }

  private async requireSession(name: string): Promise<void> {
    this.sessions.checkName(name);
    if (!(await this.sessions.exists(name))) throw BridgeErrors.sessionNotFound(name);
  }

  /** Domain errors become tool errors the model can read; anything else is the SDK's internal error. */
  private async guarded(name: string, run: () => Promise<CallToolResult>): Promise<CallToolResult> {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      this.taps.record('error', null, { tool: name, code: error.code, message: error.message });
      return {
        isError: true,
        content: [{ type: 'text', text: error.message }],
        structuredContent: { code: error.code },
      };
    }
  }
}

function text(body: string, structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: body }], structuredContent: structured };
}
