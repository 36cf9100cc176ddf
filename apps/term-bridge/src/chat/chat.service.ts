// Decides what a chat message does: answer a front-end's background task, run a control
// command, create a session (`term:new`) or type into one. Everything that can fail as an HTTP
// error (unknown model, oversized input, a retried request, an existing session) fails here,
// before a stream starts.
import { Injectable } from '@nestjs/common';
import type { Caller } from '../auth/api-key.verifier';
import { ControlCommands } from '../control-commands/control-commands.service';
import { parseChatInput } from '../control-commands/control-command.parser';
import { BridgeErrors } from '../errors/bridge-errors';
import { modelIdOf, parseModelId } from '../models/model-id';
import { type ChatReply, textReply } from '../replies/chat-reply';
import { chatTurnContext, followTurn } from '../replies/follow-turn';
import { TapsService } from '../taps/taps.service';
import { SessionDirectory } from '../terminals/session-directory.service';
import { TerminalTurns } from '../terminals/terminal-turns.service';
import { backgroundReply, detectBackgroundRequest } from './background-request.detector';
import type { ChatRequest } from './chat-request';

export interface ChatContext {
  readonly caller: Caller;
  readonly requestId?: string;
  /** `X-Stainless-Retry-Count` as sent by the OpenAI SDKs ('0' on a first attempt). */
  readonly retryCount?: string;
}

@Injectable()
export class ChatService {
  constructor(
    private readonly sessions: SessionDirectory,
    private readonly turns: TerminalTurns,
    private readonly commands: ControlCommands,
    private readonly taps: TapsService,
  ) {}

  async prepare(request: ChatRequest, context: ChatContext): Promise<ChatReply> {
    const target = parseModelId(request.model);
    const session = target?.kind === 'session' ? target.name : null;
    this.taps.record('request', session, {
      model: request.model,
      stream: request.stream,
      inputBytes: Buffer.byteLength(request.text),
      // A header a client writes: kept short in the diagnostics ring.
      retryCount: context.retryCount?.slice(0, 12) ?? null,
    });
    if (target === undefined) throw BridgeErrors.modelNotFound(request.model);
    // Sizes were checked when the request was read: detection sees bounded, checked text only.
    const background = detectBackgroundRequest(request);
    if (background !== undefined) {
      this.taps.record('background', session, { client: background.client, task: background.task });
      return textReply(backgroundReply(background, request.model));
    }
    const assertMayType = (): void => this.assertMayType(context);
    const input = parseChatInput(request.text);
    if (input.kind === 'command') {
      return this.commands.prepare(input, {
        caller: context.caller,
        target,
        stream: request.stream,
        assertMayType,
        ...(context.requestId === undefined ? {} : { requestId: context.requestId }),
      });
    }
    assertMayType();
    if (target.kind === 'new') {
      const created = await this.sessions.create();
      return async (out, signal) => {
        out.text(`Created session ${created}: chat with the model ${modelIdOf(created)} to keep using it.`);
        await followTurn(
          out,
          this.turns,
          created,
          input,
          chatTurnContext({ ...context, stream: request.stream }, signal),
        );
      };
    }
    if (!(await this.sessions.exists(target.name))) throw BridgeErrors.modelNotFound(request.model);
    // The place in the session's queue is taken now, so a full queue is a 429 before any stream starts.
    const place = this.turns.reserve(target.name);
    return (out, signal) =>
      followTurn(
        out,
        this.turns,
        place,
        input,
        chatTurnContext({ ...context, stream: request.stream }, signal),
      );
  }

  /** An automatic retry may repeat a request whose first attempt already typed: never type it again. */
  private assertMayType(context: ChatContext): void {
    const retry = context.retryCount?.trim();
    if (retry !== undefined && retry !== '' && retry !== '0') throw BridgeErrors.retryNotTyped(retry);
  }
}
