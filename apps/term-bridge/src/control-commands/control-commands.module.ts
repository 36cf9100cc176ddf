// The control commands (/new, /kill, /keys, /approve, ...) that a chat message can carry.
import { type DynamicModule, Module } from '@nestjs/common';
import { ControlCommands } from './control-commands.service';

@Module({})
export class ControlCommandsModule {
  /** `dependencies`: the terminals and diagnostics the commands act on and record to. */
  static register(dependencies: DynamicModule[]): DynamicModule {
    return {
      module: ControlCommandsModule,
      imports: dependencies,
      providers: [ControlCommands],
      exports: [ControlCommands],
    };
  }
}
