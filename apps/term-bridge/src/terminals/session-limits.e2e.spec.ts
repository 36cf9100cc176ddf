// Caps on sessions and on requests waiting for one session, with concurrent real requests
// against real tmux (decision 018): creation never fails on a naming race, creating beyond
// TERM_BRIDGE_MAX_SESSIONS is a 429 that the SDK does not retry (a tool error over MCP), and a
// request beyond TERM_BRIDGE_MAX_QUEUED_PER_SESSION waiting ones is a 429 before anything is typed.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import OpenAI, { type APIError } from 'openai';
import request from 'supertest';
import { type BridgeUnderTest, startBridge, TmuxTestServer } from '@platform/testing-bridge';
import { TapsService } from '../taps/taps.service';
import { BRIDGE_SERVICE } from '../term-bridge.module';

const MAX_SESSIONS = 16;

describe('session and queue caps (real HTTP, real tmux)', () => {
  const tmux = TmuxTestServer.create('caps');
  let bridge: BridgeUnderTest;
  let mcp: Client;

  async function sessionNames(): Promise<string[]> {
    const listed = await tmux.tmux('list-sessions', '-F', '#{session_name}');
    return listed.trim().split('\n').sort();
  }

  function requestsFor(model: string): number {
    return bridge.service.app
      .get(TapsService)
      .list({ kind: 'request', limit: 1000 })
      .events.filter((event) => event.data['model'] === model).length;
  }

  async function outcome(promise: Promise<OpenAI.Chat.Completions.ChatCompletion>): Promise<string> {
    try {
      return (await promise).choices[0]?.message.content ?? '';
    } catch (error) {
      if (error instanceof OpenAI.APIError) return `${error.status} ${String(error.code)}`;
      throw error;
    }
  }

  beforeAll(async () => {
    await tmux.newSession('held');
    bridge = await startBridge(BRIDGE_SERVICE, tmux, {
      TERM_BRIDGE_MAX_SESSIONS: String(MAX_SESSIONS),
      TERM_BRIDGE_MAX_QUEUED_PER_SESSION: '2',
      TERM_BRIDGE_FIRST_OUTPUT_MS: '6000',
      TERM_BRIDGE_TAPS_PERSIST: 'false',
    });
    mcp = new Client({ name: 'term-bridge-caps-test', version: '1.0.0' });
    await mcp.connect(
      new StreamableHTTPClientTransport(new URL(`${bridge.baseUrl}/mcp`), {
        requestInit: { headers: bridge.auth },
      }),
    );
  });

  afterAll(async () => {
    await mcp?.close();
    await bridge?.close();
    await tmux.kill();
  });

  it('gives concurrent /new and term:new requests distinct names, none failing on a race', async () => {
    const create = (index: number) =>
      bridge.openai.chat.completions.create({
        model: 'term:new',
        messages: [{ role: 'user', content: index % 3 === 0 ? `echo made-${index}` : '/new' }],
      });
    const replies = await Promise.all(Array.from({ length: 12 }, (_, index) => outcome(create(index))));
    const names = replies.map((reply) => /Created session (term-\d+)/.exec(reply)?.[1]);
    expect(names.every((name) => name !== undefined)).toBe(true);
    expect(new Set(names).size).toBe(12);
    expect(await sessionNames()).toEqual(
      ['held', ...Array.from({ length: 12 }, (_, index) => `term-${index + 1}`)].sort(),
    );
    for (let index = 0; index < 12; index += 3) expect(replies[index]).toContain(`made-${index}`);
  });

  it('refuses creation beyond the cap with 429, never retried by the SDK, and MCP with a tool error', async () => {
    // 13 sessions exist; three more fit.
    const retrying = new OpenAI({ apiKey: bridge.apiKey, baseURL: `${bridge.baseUrl}/v1`, maxRetries: 2 });
    const before = requestsFor('term:new');
    const replies = await Promise.all(
      Array.from({ length: 8 }, () =>
        outcome(
          retrying.chat.completions.create({
            model: 'term:new',
            messages: [{ role: 'user', content: '/new' }],
          }),
        ),
      ),
    );
    expect(replies.filter((reply) => reply.startsWith('Created session'))).toHaveLength(3);
    expect(replies.filter((reply) => reply === '429 session_limit_reached')).toHaveLength(5);
    expect(requestsFor('term:new') - before).toBe(8);
    expect(await sessionNames()).toHaveLength(MAX_SESSIONS);

    const refused = await request(bridge.service.server)
      .post('/v1/chat/completions')
      .set(bridge.auth)
      .send({ model: 'term:new', stream: true, messages: [{ role: 'user', content: '/new extra' }] })
      .expect(429);
    expect(refused.headers['x-should-retry']).toBe('false');
    expect(refused.body).toEqual({
      error: {
        message: `${MAX_SESSIONS} sessions exist and the bridge creates no more than ${MAX_SESSIONS} (TERM_BRIDGE_MAX_SESSIONS). End one with /kill <name> first.`,
        type: 'rate_limit_error',
        param: null,
        code: 'session_limit_reached',
      },
    });
    const error = (await bridge.openai.chat.completions
      .create({ model: 'term:new', messages: [{ role: 'user', content: 'echo typed-nowhere' }] })
      .catch((caught: unknown) => caught)) as APIError;
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);

    const tool = (await mcp.callTool({ name: 'create_session', arguments: { name: 'by-mcp' } })) as {
      isError?: boolean;
      structuredContent?: Record<string, unknown>;
    };
    expect(tool.isError).toBe(true);
    expect(tool.structuredContent).toEqual({ code: 'session_limit_reached' });
    expect(await sessionNames()).not.toContain('by-mcp');

    await bridge.openai.chat.completions.create({
      model: 'term:new',
      messages: [{ role: 'user', content: '/kill term-1' }],
    });
    expect(
      await outcome(
        bridge.openai.chat.completions.create({
          model: 'term:new',
          messages: [{ role: 'user', content: '/new' }],
        }),
      ),
    ).toMatch(/^Created session term-1:/);
  });

  describe('requests waiting for one session', () => {
    function queuedEvents(): number {
      return bridge.service.app
        .get(TapsService)
        .list({ session: 'held', kind: 'session', limit: 1000 })
        .events.filter((event) => event.data['event'] === 'queued').length;
    }

    it('admits the running turn and two waiting ones; the next is a 429 before a stream starts, nothing typed', async () => {
      const holder = outcome(
        bridge.openai.chat.completions.create({
          model: 'term:held',
          messages: [{ role: 'user', content: 'sleep 3; echo held' }],
        }),
      );
      await tmux.waitForScreen('held', (screen) => screen.includes('sleep 3; echo held'));
      const waiting = [1, 2].map((index) =>
        outcome(
          bridge.openai.chat.completions.create({
            model: 'term:held',
            messages: [{ role: 'user', content: `echo waited-${index}` }],
          }),
        ),
      );
      // Set-up, not an assertion: wait until both have taken their places in the queue.
      for (let attempt = 0; attempt < 200 && queuedEvents() < 2; attempt += 1)
        await new Promise((resolve) => setTimeout(resolve, 25));
      const refused = await request(bridge.service.server)
        .post('/v1/chat/completions')
        .set(bridge.auth)
        .send({ model: 'term:held', stream: true, messages: [{ role: 'user', content: 'echo too-many' }] })
        .expect(429);
      expect(refused.headers['x-should-retry']).toBe('false');
      expect(refused.headers['content-type']).toContain('application/json');
      expect(refused.body.error).toMatchObject({ type: 'rate_limit_error', code: 'session_queue_full' });
      const command = await outcome(
        bridge.openai.chat.completions.create({
          model: 'term:held',
          messages: [{ role: 'user', content: '/keys C-c' }],
        }),
      );
      expect(command).toBe('429 session_queue_full');
      const tool = (await mcp.callTool({
        name: 'send_text',
        arguments: { session: 'held', text: 'echo by-mcp' },
      })) as {
        structuredContent?: Record<string, unknown>;
      };
      expect(tool.structuredContent).toEqual({ code: 'session_queue_full' });

      expect(await holder).toBe('held');
      expect((await Promise.all(waiting)).sort()).toEqual(['waited-1', 'waited-2']);
      const screen = await tmux.screen('held');
      expect(screen).not.toContain('too-many');
      expect(screen).not.toContain('by-mcp');
      // The queue is free again.
      expect(
        await outcome(
          bridge.openai.chat.completions.create({
            model: 'term:held',
            messages: [{ role: 'user', content: 'echo free' }],
          }),
        ),
      ).toBe('free');
    });
  });
});
