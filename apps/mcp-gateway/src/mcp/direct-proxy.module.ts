// The direct proxy's route, `/{serverId}`, registered after every other module's routes (see
// direct-proxy.controller.ts).
import { type DynamicModule, Module } from '@nestjs/common';
import { DirectProxyController } from './transport/direct-proxy.controller';

@Module({})
export class DirectProxyModule {
  static register(mcp: DynamicModule): DynamicModule {
    return { module: DirectProxyModule, imports: [mcp], controllers: [DirectProxyController] };
  }
}
