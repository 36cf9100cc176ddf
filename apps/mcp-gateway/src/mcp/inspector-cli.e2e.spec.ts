// The MCP Inspector CLI (@modelcontextprotocol/inspector 2.12.0, `--cli`, JSON output) against the
// booted gateway, in front of the conformance test backend: the direct proxy and the aggregated
// catalog over Streamable HTTP, Meta-Mode over legacy HTTP+SSE, and a call without a key.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type ConformanceBackend, startConformanceBackend } from '@platform/testing-mcp-conformance-backend';
import { INSPECTOR_TIMEOUT_MS, type InspectorResult, runInspectorCli } from '@platform/testing-mcp-faults';
import { type GatewayHarness, startGatewayHarness } from '../testing/gateway-harness.spec-helpers';

describe('MCP Inspector CLI against the gateway', () => {
  let backend: ConformanceBackend;
  let gateway: GatewayHarness;
  let key: string;
  let home: string;

  /** `mcp-inspector --cli <url> --transport … --method …` with this test's AppKey unless `withKey` is false. */
  function inspect(
    path: string,
    transport: 'http' | 'sse',
    args: string[],
    withKey = true,
  ): Promise<InspectorResult> {
    const target = path.startsWith('http') ? path : `${gateway.base}${path}`;
    // Without a key the gateway answers 401 with an OAuth challenge; the Inspector must not start
    // an interactive login but report `auth_required`.
    const header = withKey ? ['--header', `Authorization: Bearer ${key}`] : ['--stored-auth-only'];
    return runInspectorCli([target, '--transport', transport, ...header, '--format', 'json', ...args], home);
  }

  const toolNames = (result: InspectorResult) =>
    ((result.result?.['tools'] ?? []) as Array<{ name: string }>).map((tool) => tool.name);

  beforeAll(async () => {
    backend = await startConformanceBackend();
    gateway = await startGatewayHarness(
      `servers:\n  - { id: conformance, url: "${backend.endpoint}", type: streamable, category: testing }\n`,
    );
    await gateway.allow('server:conformance');
    key = await gateway.appKey(['*'], 'inspector');
    // The Inspector keeps state under ~/.mcp-inspector: give it a home of its own.
    home = mkdtempSync(join(tmpdir(), 'inspector-home-'));
  }, 120_000);

  afterAll(async () => {
    await gateway?.close();
    await backend?.stop();
    if (home !== undefined) rmSync(home, { recursive: true, force: true });
  });

  describe('direct proxy /{serverId} over Streamable HTTP', () => {
    it(
      'lists the backend tools under their own names, exactly as the backend does',
      async () => {
        const [proxied, direct] = await Promise.all([
          inspect('/conformance', 'http', ['--method', 'tools/list']),
          inspect(backend.endpoint, 'http', ['--method', 'tools/list'], false),
        ]);
        expect(proxied.exitCode).toBe(0);
        expect(toolNames(proxied)).toContain('test_simple_text');
        expect(proxied.result).toEqual(direct.result);
      },
      INSPECTOR_TIMEOUT_MS,
    );

    it(
      'calls a backend tool',
      async () => {
        const called = await inspect('/conformance', 'http', [
          '--method',
          'tools/call',
          '--tool-name',
          'test_simple_text',
        ]);
        expect(called.exitCode).toBe(0);
        expect(called.result).toEqual({
          content: [{ type: 'text', text: 'This is a simple text response for testing.' }],
        });
      },
      INSPECTOR_TIMEOUT_MS,
    );

    it(
      'returns the result of a call whose backend SSE stream was closed mid-call (SEP-1699 resumption)',
      async () => {
        const called = await inspect('/conformance', 'http', [
          '--method',
          'tools/call',
          '--tool-name',
          'test_reconnection',
        ]);
        expect(called.exitCode).toBe(0);
        expect(JSON.stringify(called.result)).toContain('the answer arrived after the stream was closed');
      },
      INSPECTOR_TIMEOUT_MS,
    );

    it(
      'lists resources and prompts',
      async () => {
        const [resources, prompts] = await Promise.all([
          inspect('/conformance', 'http', ['--method', 'resources/list']),
          inspect('/conformance', 'http', ['--method', 'prompts/list']),
        ]);
        const uris = ((resources.result?.['resources'] ?? []) as Array<{ uri: string }>).map(
          (item) => item.uri,
        );
        expect(uris).toEqual(expect.arrayContaining(['test://static-text', 'test://static-binary']));
        const names = ((prompts.result?.['prompts'] ?? []) as Array<{ name: string }>).map(
          (item) => item.name,
        );
        expect(names).toEqual(expect.arrayContaining(['test_simple_prompt', 'test_prompt_with_arguments']));
      },
      INSPECTOR_TIMEOUT_MS,
    );

    it(
      'fails without a key: the 401 challenge ends in auth_required, non-zero exit',
      async () => {
        const refused = await inspect('/conformance', 'http', ['--method', 'tools/list'], false);
        expect(refused.exitCode).not.toBe(0);
        expect(refused.result).toBeUndefined();
        expect(refused.error).toMatchObject({
          code: 'auth_required',
          message: expect.stringContaining('Authentication required: send an AppKey or access token.'),
        });
      },
      INSPECTOR_TIMEOUT_MS,
    );
  });

  describe('aggregated catalog /mcp over Streamable HTTP', () => {
    it(
      'lists namespaced tools and prompts and routes a namespaced call',
      async () => {
        const [tools, prompts, called] = await Promise.all([
          inspect('/mcp', 'http', ['--method', 'tools/list']),
          inspect('/mcp', 'http', ['--method', 'prompts/list']),
          inspect('/mcp', 'http', ['--method', 'tools/call', '--tool-name', 'conformance__test_simple_text']),
        ]);
        const names = toolNames(tools);
        expect(names).toContain('conformance__test_simple_text');
        expect(names.every((name) => name.startsWith('conformance__'))).toBe(true);
        const promptNames = ((prompts.result?.['prompts'] ?? []) as Array<{ name: string }>).map(
          (item) => item.name,
        );
        expect(promptNames).toContain('conformance__test_simple_prompt');
        expect(called.result).toEqual({
          content: [{ type: 'text', text: 'This is a simple text response for testing.' }],
        });
      },
      INSPECTOR_TIMEOUT_MS,
    );
  });

  describe('Meta-Mode /sse over legacy HTTP+SSE', () => {
    it(
      'shows exactly search_tools and execute_tool, and runs a backend tool through execute_tool',
      async () => {
        const [tools, executed] = await Promise.all([
          inspect('/sse', 'sse', ['--method', 'tools/list']),
          inspect('/sse', 'sse', [
            '--method',
            'tools/call',
            '--tool-name',
            'execute_tool',
            '--tool-args-json',
            JSON.stringify({ name: 'conformance__test_simple_text', arguments: {} }),
          ]),
        ]);
        expect(tools.exitCode).toBe(0);
        expect(toolNames(tools)).toEqual(['search_tools', 'execute_tool']);
        expect(executed.exitCode).toBe(0);
        expect(JSON.stringify(executed.result)).toContain('This is a simple text response for testing.');
      },
      INSPECTOR_TIMEOUT_MS,
    );

    it(
      'fails without a key: the 401 challenge ends in auth_required, non-zero exit',
      async () => {
        const refused = await inspect('/sse', 'sse', ['--method', 'tools/list'], false);
        expect(refused.exitCode).not.toBe(0);
        expect(refused.result).toBeUndefined();
        expect(refused.error).toMatchObject({
          code: 'auth_required',
          message: expect.stringContaining('(401)'),
        });
      },
      INSPECTOR_TIMEOUT_MS,
    );
  });
});

/** Runs the Inspector CLI with this Node (no shell), in a home directory of its own. */
