// The REST test endpoints of spec 4.2, on top of the MCP feature's dispatcher.
import { type DynamicModule, Module } from '@nestjs/common';
import { TestEndpointsController } from './test-endpoints.controller';
import { TestEndpointsService } from './test-endpoints.service';

@Module({})
export class TestEndpointsModule {
  static register(access: DynamicModule, mcp: DynamicModule): DynamicModule {
    return {
      module: TestEndpointsModule,
      imports: [access, mcp],
      controllers: [TestEndpointsController],
      providers: [TestEndpointsService],
    };
  }
}
