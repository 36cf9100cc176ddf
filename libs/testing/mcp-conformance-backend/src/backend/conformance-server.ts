// One MCP server instance (one per client session) with everything the official conformance
// suite's server scenarios look for, declared with the capabilities they exercise.
import { McpServer } from '@modelcontextprotocol/server';
import {
  registerConformanceCompletion,
  registerConformancePrompts,
  registerConformanceResources,
} from './conformance-resources.ts';
import { registerConformanceTools } from './conformance-tools.ts';

export const CONFORMANCE_SERVER_INFO = { name: 'conformance-backend', version: '1.0.0' } as const;

export function createConformanceServer(): McpServer {
  const server = new McpServer(CONFORMANCE_SERVER_INFO, {
    capabilities: {
      tools: { listChanged: true },
      resources: { subscribe: true, listChanged: true },
      prompts: { listChanged: true },
      logging: {},
      completions: {},
    },
    instructions:
      'A test backend for the MCP conformance suite: every tool, resource and prompt is named after its scenario.',
  });
  registerConformanceTools(server);
  registerConformanceResources(server);
  registerConformancePrompts(server);
  registerConformanceCompletion(server);
  return server;
}
