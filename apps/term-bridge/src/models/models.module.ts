// The model list under /v1/models: one model per tmux session, plus `term:new`.
import { type DynamicModule, Module } from '@nestjs/common';
import { ModelsController } from './models.controller';

@Module({})
export class ModelsModule {
  /** `dependencies`: authentication and the terminals (the session directory). */
  static register(dependencies: DynamicModule[]): DynamicModule {
    return { module: ModelsModule, imports: dependencies, controllers: [ModelsController] };
  }
}
