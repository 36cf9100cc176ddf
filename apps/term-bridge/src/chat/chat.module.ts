// The OpenAI-compatible API under /v1: models, chat completions and the control commands
// reached through chat.
import { type DynamicModule, Module } from '@nestjs/common';
import type { BridgeConfig } from '../config/bridge-config';
import { ControlCommands } from '../control-commands/control-commands.service';
import { ModelsController } from '../models/models.controller';
import {
  CHAT_REQUEST_LIMITS,
  ChatCompletionsController,
  STREAM_SETTINGS,
  type StreamTimings,
} from './chat-completions.controller';
import type { ChatRequestLimits } from './chat-request';
import { ChatService } from './chat.service';

@Module({})
export class OpenAiModule {
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
      module: OpenAiModule,
      imports: dependencies,
      controllers: [ModelsController, ChatCompletionsController],
      providers: [
        { provide: STREAM_SETTINGS, useValue: streamTimings },
        { provide: CHAT_REQUEST_LIMITS, useValue: limits },
        ChatService,
        ControlCommands,
      ],
    };
  }
}
