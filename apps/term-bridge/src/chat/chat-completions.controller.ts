// POST /v1/chat/completions (spec 4.4, 6): a message typed into a tmux session, the settled
// output returned whole or streamed.
import { Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { Caller } from '../auth/api-key.verifier';
import { BridgeRoles, CurrentCaller } from '../auth/bearer-auth.authorizer';
import { ReplyComposer } from '../replies/chat-reply';
import { ChatCompletionRequestDto, ChatCompletionView } from './chat-completion.dto';
import { type ChatRequestLimits, parseChatRequest } from './chat-request';
import { ChatService } from './chat.service';
import { completionBody, newCompletionIdentity } from './completion-shapes';
import { streamCompletion } from './sse-completion.writer';
import { estimateUsage } from './usage-estimate';

export const STREAM_SETTINGS = Symbol('STREAM_SETTINGS');
/** ChatRequestLimits: sizes checked before anything reads a request's text. */
export const CHAT_REQUEST_LIMITS = Symbol('CHAT_REQUEST_LIMITS');

export interface StreamTimings {
  readonly keepAliveMs: number;
  readonly idleMs: number;
}

@ApiTags('openai')
@ApiBearerAuth()
@BridgeRoles('client')
@Controller('v1/chat/completions')
export class ChatCompletionsController {
  constructor(
    private readonly chat: ChatService,
    @Inject(STREAM_SETTINGS) private readonly streamTimings: StreamTimings,
    @Inject(CHAT_REQUEST_LIMITS) private readonly limits: ChatRequestLimits,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiBody({ type: ChatCompletionRequestDto })
  @ApiProduces('application/json', 'text/event-stream')
  @ApiOkResponse({
    type: ChatCompletionView,
    description: 'The completion, or with `stream: true` a stream of chunks.',
  })
  async create(
    // Read by hand, not through a DTO: unknown fields must be ignored, and real clients send many.
    @Req() request: Request & { body: unknown; id?: unknown },
    @Res() response: Response,
    @CurrentCaller() caller: Caller,
  ): Promise<void> {
    const chatRequest = parseChatRequest(request.body, this.limits);
    const retryCount = request.headers['x-stainless-retry-count'];
    const reply = await this.chat.prepare(chatRequest, {
      caller,
      ...(typeof request.id === 'string' ? { requestId: request.id } : {}),
      ...(typeof retryCount === 'string' ? { retryCount } : {}),
    });
    const identity = newCompletionIdentity(chatRequest.model);
    if (chatRequest.stream) {
      await streamCompletion(response, reply, identity, chatRequest.text, {
        ...this.streamTimings,
        includeUsage: chatRequest.includeUsage,
      });
      return;
    }
    const controller = new AbortController();
    response.on('close', () => {
      if (!response.writableEnded) controller.abort(new Error('client disconnected'));
    });
    const composer = new ReplyComposer();
    await reply(composer, controller.signal);
    if (controller.signal.aborted) return;
    response.json(
      completionBody(identity, composer.content, estimateUsage(chatRequest.text, composer.content)),
    );
  }
}
