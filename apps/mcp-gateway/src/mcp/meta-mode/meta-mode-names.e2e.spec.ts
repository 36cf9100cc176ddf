// How execute_tool resolves a name (issue 6): a namespaced name runs that tool; a bare name runs
// the one tool of that name the caller may see, is ambiguous when it may see several, and never
// reaches a tool outside the caller's scopes. Two server-everything backends both offer `echo`.
// Also: search_tools reuses a caller's visible tools between searches, and an RBAC change still
// applies to the very next search.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/client';
import request from 'supertest';
import { type GatewayHarness, startGatewayHarness } from '../../testing/gateway-harness.spec-helpers';
import { EVERYTHING_STDIO_COMMAND } from '../../testing/reference-servers';

describe('Meta-Mode execute_tool name resolution', () => {
  let gateway: GatewayHarness;
  let everywhere: Client;
  let onlyA: Client;

  function execute(client: Client, name: string) {
    return client.callTool({ name: 'execute_tool', arguments: { name, arguments: { message: 'hi' } } });
  }

  function textOf(result: Awaited<ReturnType<Client['callTool']>>): string {
    const [first] = result.content as Array<{ type: string; text?: string }>;
    return first?.text ?? '';
  }

  beforeAll(async () => {
    gateway = await startGatewayHarness(
      `servers:
  - { id: ev-a, url: '${EVERYTHING_STDIO_COMMAND}', type: stdio }
  - { id: ev-b, url: '${EVERYTHING_STDIO_COMMAND}', type: stdio }
`,
    );
    await gateway.allow('server:ev-a', 'server:ev-b');
    everywhere = await gateway.connect('/sse', await gateway.appKey(['*'], 'everywhere'), 'streamable');
    onlyA = await gateway.connect('/sse', await gateway.appKey(['server:ev-a'], 'only a'), 'streamable');
  }, 60_000);

  afterAll(async () => {
    await gateway?.close();
  });

  it('runs a namespaced name on that server', async () => {
    const result = await execute(everywhere, 'ev-b__echo');
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toBe('Echo: hi');
  });

  it('calls a bare name seen on several servers ambiguous, listing the candidates', async () => {
    const result = await execute(everywhere, 'echo');
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      "Tool name 'echo' is ambiguous: ev-a__echo, ev-b__echo. Call execute_tool again with one of these namespaced names.",
    );
  });

  it('resolves a bare name among the tools the caller may see', async () => {
    const result = await execute(onlyA, 'echo');
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toBe('Echo: hi');
  });

  it('refuses a namespaced name outside the key scopes, naming the inner tool', async () => {
    await expect(execute(onlyA, 'ev-b__echo')).rejects.toThrow(
      "User does not have permission to execute tool 'ev-b__echo'",
    );
  });

  it('applies an RBAC change to the very next search, although visible tools are reused', async () => {
    const admin = { Authorization: `Bearer ${gateway.adminKey}` };
    const searchEcho = async (): Promise<string[]> => {
      const result = await everywhere.callTool({
        name: 'search_tools',
        arguments: { query: 'echo', limit: 25 },
      });
      const { results } = result.structuredContent as { results: Array<{ name: string }> };
      return results.map((hit) => hit.name).filter((name) => name.endsWith('__echo'));
    };
    expect(await searchEcho()).toEqual(['ev-a__echo', 'ev-b__echo']);
    expect(await searchEcho()).toEqual(['ev-a__echo', 'ev-b__echo']);
    const policies = await request(gateway.service.server).get('/api/policies').set(admin).expect(200);
    const allowB = (policies.body as Array<{ id: string; targetId: string }>).find(
      (policy) => policy.targetId === 'server:ev-b',
    );
    await request(gateway.service.server).delete(`/api/policies/${allowB?.id}`).set(admin).expect(204);
    expect(await searchEcho()).toEqual(['ev-a__echo']);
    await gateway.allow('server:ev-b');
    expect(await searchEcho()).toEqual(['ev-a__echo', 'ev-b__echo']);
  });

  it('calls a bare name unknown when no visible server has it', async () => {
    const result = await execute(onlyA, 'no-such-tool');
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^Unknown tool 'no-such-tool'/);
  });
});
