// Chat completions under /v1/chat/completions: a message is typed into a session, or carries a
// control command, and the settled output comes back whole or streamed.
import { type DynamicModule, Module } from '@nestjs/common';
import type { BridgeConfig } from '../config/bridge-config';
import {
  CHAT_REQUEST_LIMITS,
  ChatCompletionsController,
  STREAM_SETTINGS,
  type StreamTimings,
} from './chat-completions.controller';
import type { ChatRequestLimits } from './chat-request';
import { ChatService } from './chat.service';

@Module({})
export class ChatModule {
  /** `dependencies`: authentication, diagnostics, the terminals and the control commands. */
  static register(config: BridgeConfig, dependencies: DynamicModule[]): DynamicModule {
    const streamTimings: StreamTimings = {
      keepAliveMs: config.TERM_BRIDGE_KEEPALIVE_MS,
      idleMs: config.TERM_BRIDGE_STREAM_IDLE_MS,
    };
    const limits: ChatRequestLimits = {
      maxInputBytes: config.TERM_BRIDGE_MAX_INPUT_BYTES,
      maxMessages: config.TERM_BRIDGE_MAX_MESSAGES,
    };
    return {
      module: ChatModule,
      imports: dependencies,
      controllers: [ChatCompletionsController],
      providers: [
        { provide: STREAM_SETTINGS, useValue: streamTimings },
        { provide: CHAT_REQUEST_LIMITS, useValue: limits },
        ChatService,
      ],
    };
  }
}
