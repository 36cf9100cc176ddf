// Test support: a stdio MCP server that reads method names loosely, as some hand-written servers
// do (case and surrounding spaces ignored), so `Tools/Call` runs a tool. Every tool call it runs
// answers "ran <name>": a test that finds that text knows a request reached the tool.
import { createInterface } from 'node:readline';

const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);

const TOOLS = [
  { name: 'read_file', inputSchema: { type: 'object' } },
  { name: 'write_file', inputSchema: { type: 'object' } },
];

createInterface({ input: process.stdin }).on('line', (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  if (message.id === undefined || typeof message.method !== 'string') return;
  const method = message.method.trim().toLowerCase();
  const reply = (result) => send({ jsonrpc: '2.0', id: message.id, result });
  switch (method) {
    case 'initialize':
      return reply({
        protocolVersion: message.params?.protocolVersion ?? '2025-06-18',
        capabilities: { tools: {} },
        serverInfo: { name: 'loose-methods', version: '1.0.0' },
      });
    case 'ping':
      return reply({});
    case 'tools/list':
      return reply({ tools: TOOLS });
    case 'tools/call':
      return reply({ content: [{ type: 'text', text: `ran ${message.params?.name}` }] });
    default:
      return send({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } });
  }
});
