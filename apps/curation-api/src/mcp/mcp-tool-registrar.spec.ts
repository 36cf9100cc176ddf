// The registrar's promises, over the SDK's in-memory transport: a role outside the tool's is
// refused before the tool runs, domain errors become tool errors with their code, and an
// unexpected error is logged and answered without its message.
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server';
import { DomainError } from '@platform/service-kit';
import type { Logger } from '@nestjs/common';
import * as z from 'zod';
import type { Caller } from '../access/caller';
import { CurationToolRegistrar } from './mcp-tool-registrar';

const GUEST: Caller = { kind: 'api-key', keyId: 'k1', name: 'guest key', role: 'Guest' };

async function clientFor(caller: Caller, runs: string[], logged: unknown[]): Promise<Client> {
  const server = new McpServer({ name: 'test', version: '1.0.0' });
  const logger = { error: (...args: unknown[]) => logged.push(args) } as unknown as Logger;
  const tools = new CurationToolRegistrar(server, caller, logger);
  tools.register({
    name: 'plex_admin_thing',
    title: 'Admin thing',
    description: 'Changes something.',
    input: z.object({}).strict(),
    roles: ['Admin'],
    effect: 'destructive',
    run: () => {
      runs.push('admin');
      return Promise.resolve({ text: 'done' });
    },
  });
  // Two entries but one role: its description must still say who may call it.
  tools.register({
    name: 'plex_admin_twice',
    title: 'Admin twice',
    description: 'Listed twice.',
    input: z.object({}).strict(),
    roles: ['Admin', 'Admin'],
    effect: 'read',
    run: () => Promise.resolve({ text: 'done' }),
  });
  tools.register({
    name: 'plex_fails',
    title: 'Fails',
    description: 'Fails as asked.',
    input: z.object({ domain: z.boolean() }).strict(),
    roles: ['Admin', 'Guest'],
    effect: 'read',
    run: ({ domain }) =>
      Promise.reject(
        domain
          ? new DomainError('not-found', 'test.missing', 'No such thing.', { thing: 'x' })
          : new Error('relation "curation"."secret_table" does not exist'),
      ),
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

describe('CurationToolRegistrar', () => {
  it('refuses a role the tool does not admit before it runs, and says so in the description', async () => {
    const runs: string[] = [];
    const client = await clientFor(GUEST, runs, []);
    const { tools } = await client.listTools();
    const tool = tools.find((listed) => listed.name === 'plex_admin_thing');
    expect(tool?.description).toBe('Changes something. (Admin keys only.)');
    expect(tool?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    const result = await client.callTool({ name: 'plex_admin_thing', arguments: {} });
    expect(result).toMatchObject({
      isError: true,
      structuredContent: { code: 'mcp.tool-role-required', requiredRoles: ['Admin'], role: 'Guest' },
    });
    expect(runs).toEqual([]);
    await client.close();
  });

  it('names the roles unless the tool admits every role, whatever the length of its list', async () => {
    const client = await clientFor(GUEST, [], []);
    const { tools } = await client.listTools();
    const described = new Map(tools.map((listed) => [listed.name, listed.description]));
    expect(described.get('plex_admin_twice')).toBe('Listed twice. (Admin keys only.)');
    expect(described.get('plex_fails')).toBe('Fails as asked.');
    await client.close();
  });

  it('runs the tool for a role it admits', async () => {
    const runs: string[] = [];
    const client = await clientFor({ kind: 'bootstrap', role: 'Admin' }, runs, []);
    const result = await client.callTool({ name: 'plex_admin_thing', arguments: {} });
    expect(result).toMatchObject({ content: [{ type: 'text', text: 'done' }] });
    expect(result.isError).toBeFalsy();
    expect(runs).toEqual(['admin']);
    await client.close();
  });

  it('answers a domain error as a tool error with its message, code and details', async () => {
    const client = await clientFor(GUEST, [], []);
    expect(await client.callTool({ name: 'plex_fails', arguments: { domain: true } })).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'No such thing.' }],
      structuredContent: { code: 'test.missing', thing: 'x' },
    });
    await client.close();
  });

  it('logs an unexpected error and answers without its message', async () => {
    const logged: unknown[] = [];
    const client = await clientFor(GUEST, [], logged);
    const result = await client.callTool({ name: 'plex_fails', arguments: { domain: false } });
    expect(result).toMatchObject({
      isError: true,
      content: [
        {
          type: 'text',
          text: 'plex_fails failed unexpectedly inside the curation API; its log has the details.',
        },
      ],
      structuredContent: { code: 'mcp.internal-error' },
    });
    expect(JSON.stringify(result)).not.toContain('secret_table');
    expect(logged).toHaveLength(1);
    await client.close();
  });
});
