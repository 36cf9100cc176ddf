#!/usr/bin/env node
// Captures the real `tools/list` of the reference MCP servers installed from npm and writes it as the
// evaluation fixture of Meta-Mode tool search (libs/testing/tool-search-eval). Each server is started
// over stdio, listed with the SDK client (following `nextCursor`) and stopped again.
//
//   node tools/scripts/capture-tool-catalog.mjs            write the fixture
//   node tools/scripts/capture-tool-catalog.mjs --check    exit 1 if the fixture differs from a fresh capture
//
// The client declares the capabilities the gateway's backend client declares
// (RELAYED_CLIENT_CAPABILITIES in apps/mcp-gateway/src/backends/connections/backend-connection.ts), so
// the servers list what the gateway sees: server-everything shows its sampling, elicitation and roots
// tools only to clients that declare those capabilities. Requests the servers send back (roots/list)
// are answered with an empty list.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const fixturePath = join(root, 'libs/testing/tool-search-eval/fixtures/reference-servers.tools.json');
const require = createRequire(import.meta.url);
const CONNECT_TIMEOUT_MS = 30_000;
const GATEWAY_CLIENT_CAPABILITIES = { sampling: {}, elicitation: {}, roots: { listChanged: true } };

/**
 * The servers as the gateway registry would carry them: id (the tool namespace), display name and
 * categories are our registry choices; package and arguments start the real server.
 */
function referenceServers(scratch) {
  return [
    {
      id: 'everything',
      displayName: 'Everything (MCP reference server)',
      categories: ['testing', 'reference'],
      packageName: '@modelcontextprotocol/server-everything',
      args: ['stdio'],
    },
    {
      id: 'filesystem',
      displayName: 'Filesystem',
      categories: ['files', 'local'],
      packageName: '@modelcontextprotocol/server-filesystem',
      // The allowed directory is the server's only argument; it does not appear in tool definitions.
      args: [scratch],
    },
    {
      id: 'memory',
      displayName: 'Knowledge Graph Memory',
      categories: ['memory', 'knowledge'],
      packageName: '@modelcontextprotocol/server-memory',
      args: [],
      // Keeps the server from creating or migrating a memory file inside node_modules.
      env: { MEMORY_FILE_PATH: join(scratch, 'memory.jsonl') },
    },
    {
      id: 'sequential-thinking',
      displayName: 'Sequential Thinking',
      categories: ['reasoning'],
      packageName: '@modelcontextprotocol/server-sequential-thinking',
      args: [],
    },
  ];
}

function binaryOf(packageName) {
  const manifestPath = require.resolve(`${packageName}/package.json`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const bin = typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin ?? {})[0];
  if (typeof bin !== 'string') throw new Error(`${packageName} declares no bin`);
  return { path: join(dirname(manifestPath), bin), version: manifest.version };
}

async function capture(server) {
  const binary = binaryOf(server.packageName);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [binary.path, ...server.args],
    env: { ...getDefaultEnvironment(), ...server.env },
    stderr: 'pipe',
  });
  const client = new Client(
    { name: 'capture-tool-catalog', version: '1.0.0' },
    { capabilities: GATEWAY_CLIENT_CAPABILITIES },
  );
  client.setRequestHandler('roots/list', () => ({ roots: [] }));
  try {
    await client.connect(transport, { timeout: CONNECT_TIMEOUT_MS });
    const tools = [];
    let cursor;
    do {
      const page = await client.listTools(cursor === undefined ? {} : { cursor });
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return {
      id: server.id,
      displayName: server.displayName,
      categories: server.categories,
      package: { name: server.packageName, version: binary.version },
      serverInfo: client.getServerVersion() ?? null,
      tools,
    };
  } finally {
    await client.close().catch(() => undefined);
  }
}

async function main() {
  const check = process.argv.includes('--check');
  const scratch = mkdtempSync(join(tmpdir(), 'capture-tool-catalog-'));
  try {
    const servers = [];
    for (const server of referenceServers(scratch)) {
      const captured = await capture(server);
      if (JSON.stringify(captured.tools).includes(scratch)) {
        throw new Error(
          `${server.id}: tool definitions mention the scratch directory; the fixture would not be stable`,
        );
      }
      servers.push(captured);
      process.stderr.write(`${server.id}: ${captured.tools.length} tools\n`);
    }
    const fixture = {
      description:
        'tools/list of the reference MCP servers, captured by tools/scripts/capture-tool-catalog.mjs; do not edit by hand',
      servers,
    };
    const options = (await prettier.resolveConfig(fixturePath)) ?? {};
    const text = await prettier.format(JSON.stringify(fixture), { ...options, parser: 'json' });
    if (check) {
      const current = readFileSync(fixturePath, 'utf8');
      if (current !== text) {
        process.stderr.write(
          `${fixturePath} is out of date: run node tools/scripts/capture-tool-catalog.mjs\n`,
        );
        process.exitCode = 1;
      }
      return;
    }
    writeFileSync(fixturePath, text);
    process.stderr.write(`wrote ${fixturePath}\n`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
