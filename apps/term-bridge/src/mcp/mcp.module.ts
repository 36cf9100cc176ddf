// The MCP endpoint (/mcp, Streamable HTTP): the same terminals as tools for agents.
import { type DynamicModule, Module } from '@nestjs/common';
import { McpController } from './mcp.controller';
import { McpToolsFactory } from './mcp-tools.factory';

@Module({})
export class McpModule {
  static register(dependencies: DynamicModule[]): DynamicModule {
    return {
      module: McpModule,
      imports: dependencies,
      controllers: [McpController],
      providers: [McpToolsFactory],
    };
  }
}
