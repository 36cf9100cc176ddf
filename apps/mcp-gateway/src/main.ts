// Process entry point of the MCP Gateway: `node main.js` serves, `node main.js migrate` migrates.
import 'reflect-metadata';
import { runService } from '@platform/service-kit';
import { GATEWAY_SERVICE } from './mcp-gateway.module';

void runService(GATEWAY_SERVICE);
