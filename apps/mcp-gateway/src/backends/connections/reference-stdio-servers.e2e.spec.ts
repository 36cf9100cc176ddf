// Two more real MCP servers from npm over stdio, through the gateway's direct endpoint
// `/{serverId}` with the official SDK client: @modelcontextprotocol/server-filesystem (confined to
// a temporary directory given on its command line) and @modelcontextprotocol/server-memory (its
// knowledge graph in a temporary file named by MEMORY_FILE_PATH, which the child inherits because
// GATEWAY_STDIO_INHERITED_VARIABLES names it).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { type GatewayHarness, startGatewayHarness } from '../../testing/gateway-harness.spec-helpers';
import { REPOSITORY_ROOT } from '../../testing/reference-servers';

const FILESYSTEM_SERVER = join(
  REPOSITORY_ROOT,
  'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js',
);
const MEMORY_SERVER = join(REPOSITORY_ROOT, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js');

describe('server-filesystem and server-memory over stdio', () => {
  let gateway: GatewayHarness;
  let clientKey: string;
  let workspace: string;

  function connect(serverId: string): Promise<Client> {
    return gateway.connect(`/${serverId}`, clientKey);
  }

  beforeAll(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'gateway-reference-'));
    writeFileSync(join(workspace, 'hello.txt'), 'hello from the gateway test\n');
    process.env['MEMORY_FILE_PATH'] = join(workspace, 'memory.jsonl');
    gateway = await startGatewayHarness(
      `servers:
  - { id: files, url: '"${process.execPath}" "${FILESYSTEM_SERVER}" "${workspace}"', type: stdio }
  - { id: memory, url: '"${process.execPath}" "${MEMORY_SERVER}"', type: stdio }
`,
      { GATEWAY_STDIO_INHERITED_VARIABLES: 'MEMORY_FILE_PATH' },
    );
    await gateway.allow('server:files', 'server:memory');
    clientKey = await gateway.appKey(['server:files', 'server:memory'], 'reference stdio e2e');
  }, 60_000);

  afterAll(async () => {
    await gateway?.close();
    delete process.env['MEMORY_FILE_PATH'];
    if (workspace !== undefined) rmSync(workspace, { recursive: true, force: true });
  });

  it('lists and reads files inside the allowed directory, and refuses a path outside it', async () => {
    const client = await connect('files');
    expect(client.getServerVersion()?.name).toMatch(/filesystem/i);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['list_directory', 'read_text_file']));
    const listing = await client.callTool({ name: 'list_directory', arguments: { path: workspace } });
    expect(listing.structuredContent).toEqual({ content: expect.stringContaining('[FILE] hello.txt') });
    const read = await client.callTool({
      name: 'read_text_file',
      arguments: { path: join(workspace, 'hello.txt') },
    });
    expect(read.content).toEqual([{ type: 'text', text: 'hello from the gateway test\n' }]);
    const outside = await client.callTool({ name: 'read_text_file', arguments: { path: '/etc/hostname' } });
    expect(outside.isError).toBe(true);
    expect(JSON.stringify(outside.content)).toMatch(/access denied|outside allowed/i);
  });

  it('stores and reads back a knowledge graph entity in the configured memory file', async () => {
    const client = await connect('memory');
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['create_entities', 'read_graph']));
    const entity = { name: 'gateway', entityType: 'service', observations: ['proxies MCP servers'] };
    await client.callTool({ name: 'create_entities', arguments: { entities: [entity] } });
    const graph = await client.callTool({ name: 'read_graph', arguments: {} });
    expect(graph.structuredContent).toMatchObject({ entities: [entity], relations: [] });
    const memoryFile = join(workspace, 'memory.jsonl');
    expect(existsSync(memoryFile)).toBe(true);
    expect(readFileSync(memoryFile, 'utf8')).toContain('proxies MCP servers');
  });
});
