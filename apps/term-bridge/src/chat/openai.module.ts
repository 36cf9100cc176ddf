// The OpenAI-compatible API under /v1: models, chat completions and the control commands
// reached through chat.
import { type DynamicModule, Module } from '@nestjs/common';
import type { BridgeConfig } from '../config/bridge-config';
import { ControlCommands } from '../control-commands/control-commands.service';
import { ModelsController } from '../models/models.controller';
import {
  ChatCompletionsController,
  STREAM_SETTINGS,
  type StreamTimings,
} from './chat-completions.controller';
import { ChatService } from './chat.service';

@Module({})
export class OpenAiModule {
  static register(config: BridgeConfig, dependencies: DynamicModule[]): DynamicModule {
    const streamTimings: StreamTimings = {
      keepAliveMs: config.TERM_BRIDGE_KEEPALIVE_MS,
      idleMs: config.TERM_BRIDGE_STREAM_IDLE_MS,
    };
    return {
      module: OpenAiModule,
      imports: dependencies,
      controllers: [ModelsController, ChatCompletionsController],
      providers: [{ provide: STREAM_SETTINGS, useValue: streamTimings }, ChatService, ControlCommands],
    };
  }
}
