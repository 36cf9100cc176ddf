// The OpenAI-compatible API driven by the official `openai` client against real tmux.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import OpenAI, { type APIError } from 'openai';
import request from 'supertest';
import { type BridgeUnderTest, startBridge, TmuxTestServer } from '@platform/testing-bridge';
import { BRIDGE_SERVICE } from '../term-bridge.module';

describe('OpenAI-compatible API (openai client, real tmux)', () => {
  const tmux = TmuxTestServer.create('openai-api');
  let bridge: BridgeUnderTest;

  beforeAll(async () => {
    await tmux.newSession('dev');
    await tmux.tmux('new-session', '-d', '-s', 'bad name');
    bridge = await startBridge(BRIDGE_SERVICE, tmux);
  });

  afterAll(async () => {
    await bridge?.close();
    await tmux.kill();
  });

  describe('models', () => {
    it('lists term:new and one model per session with a valid name', async () => {
      const models = [];
      for await (const model of bridge.openai.models.list()) models.push(model);
      expect(models[0]).toMatchObject({ id: 'term:new', object: 'model', owned_by: 'term-bridge' });
      const dev = models.find((model) => model.id === 'term:dev');
      expect(dev).toMatchObject({ object: 'model', owned_by: 'term-bridge' });
      expect(dev?.created).toBeGreaterThan(1_600_000_000);
      expect(models.map((model) => model.id)).not.toContain('term:bad name');
    });

    it('retrieves one model, and 404s with model_not_found otherwise', async () => {
      expect((await bridge.openai.models.retrieve('term:dev')).id).toBe('term:dev');
      expect((await bridge.openai.models.retrieve('term:new')).id).toBe('term:new');
      const error = await bridge.openai.models.retrieve('term:ghost').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(OpenAI.NotFoundError);
      expect((error as APIError).code).toBe('model_not_found');
    });
  });

  describe('authentication', () => {
    it('rejects a wrong key with 401 invalid_api_key, never retried', async () => {
      const stranger = new OpenAI({ apiKey: 'sk-wrong', baseURL: `${bridge.baseUrl}/v1`, maxRetries: 0 });
      const error = await stranger.models.list().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
      expect((error as APIError).code).toBe('invalid_api_key');
      const raw = await request(bridge.service.server).get('/v1/models').expect(401);
      expect(raw.headers['x-should-retry']).toBe('false');
      expect(raw.body).toEqual({
        error: {
          message: expect.stringMatching(/didn't provide an API key/),
          type: 'invalid_request_error',
          param: null,
          code: 'invalid_api_key',
        },
      });
    });

    it('keeps /health open and /taps closed (problem details there, naming the Bearer scheme)', async () => {
      await request(bridge.service.server).get('/health').expect(200);
      const taps = await request(bridge.service.server).get('/taps').expect(401);
      expect(taps.headers['content-type']).toContain('application/problem+json');
      expect(taps.headers['www-authenticate']).toBe('Bearer realm="term-bridge"');
      expect(taps.headers['x-should-retry']).toBe('false');
    });
  });

  describe('errors before a route runs', () => {
    it('answers malformed JSON on /v1 in the OpenAI shape, never retried', async () => {
      const response = await request(bridge.service.server)
        .post('/v1/chat/completions')
        .set(bridge.auth)
        .set('Content-Type', 'application/json')
        .send('{"model": "term:dev",')
        .expect(400);
      expect(response.headers['x-should-retry']).toBe('false');
      expect(response.body.error).toMatchObject({ type: 'invalid_request_error', param: null });
    });

    it('refuses a page on another site in the OpenAI shape, before anything is typed', async () => {
      const response = await request(bridge.service.server)
        .post('/v1/chat/completions')
        .set(bridge.auth)
        .set({ Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' })
        .send({ model: 'term:dev', messages: [{ role: 'user', content: 'echo forged' }] })
        .expect(403);
      expect(response.body.error).toMatchObject({ message: "Origin 'https://evil.example' is not allowed" });
      expect(response.headers['x-should-retry']).toBe('false');
    });

    it('answers a body that is not JSON with 415 in the OpenAI shape', async () => {
      const response = await request(bridge.service.server)
        .post('/v1/chat/completions')
        .set(bridge.auth)
        .set('Content-Type', 'text/plain')
        .send(JSON.stringify({ model: 'term:dev', messages: [{ role: 'user', content: 'echo smuggled' }] }))
        .expect(415);
      expect(response.body.error).toMatchObject({
        type: 'invalid_request_error',
        message: "Request bodies must be JSON (Content-Type: application/json); not 'text/plain'",
      });
    });

    it('answers unknown /v1 routes in the OpenAI shape', async () => {
      const response = await request(bridge.service.server)
        .post('/v1/completions')
        .set(bridge.auth)
        .send({})
        .expect(404);
      expect(response.body.error).toMatchObject({
        type: 'invalid_request_error',
        message: 'Cannot POST /v1/completions',
      });
      expect(response.headers['x-should-retry']).toBe('false');
    });
  });

  describe('chat completions', () => {
    it('returns the settled output as one completion with estimated usage', async () => {
      const completion = await bridge.openai.chat.completions.create({
        model: 'term:dev',
        messages: [{ role: 'user', content: 'echo hello-from-tmux' }],
      });
      expect(completion.id).toMatch(/^chatcmpl-/);
      expect(completion.object).toBe('chat.completion');
      expect(completion.model).toBe('term:dev');
      expect(completion.choices).toEqual([
        { index: 0, message: { role: 'assistant', content: 'hello-from-tmux' }, finish_reason: 'stop' },
      ]);
      expect(completion.usage).toEqual({ prompt_tokens: 5, completion_tokens: 4, total_tokens: 9 });
    });

    it('streams: role first, content chunks, a stop chunk, all with one id and model', async () => {
      const stream = await bridge.openai.chat.completions.create({
        model: 'term:dev',
        messages: [{ role: 'user', content: 'for i in 1 2 3; do echo line$i; sleep 0.1; done' }],
        stream: true,
        stream_options: { include_usage: true },
      });
      const chunks = [];
      for await (const chunk of stream) chunks.push(chunk);
      const first = chunks[0];
      expect(first?.choices[0]?.delta).toEqual({ role: 'assistant', content: '' });
      expect(new Set(chunks.map((chunk) => chunk.id)).size).toBe(1);
      expect(new Set(chunks.map((chunk) => chunk.model))).toEqual(new Set(['term:dev']));
      const withChoices = chunks.filter((chunk) => chunk.choices.length > 0);
      const last = withChoices[withChoices.length - 1];
      expect(last?.choices[0]).toEqual({ index: 0, delta: {}, finish_reason: 'stop' });
      const content = withChoices.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');
      expect(content).toBe('line1\nline2\nline3');
      expect(withChoices.slice(1, -1).every((chunk) => chunk.choices[0]?.finish_reason === null)).toBe(true);
      expect(chunks[chunks.length - 1]?.usage?.completion_tokens).toBe(5);
    });

    it('answers a streaming request with the SSE headers and ends with [DONE]', async () => {
      const response = await request(bridge.service.server)
        .post('/v1/chat/completions')
        .set(bridge.auth)
        .send({
          model: 'term:dev',
          stream: true,
          messages: [{ role: 'user', content: 'echo raw' }],
          temperature: 0.7,
        })
        .expect(200);
      expect(response.headers['content-type']).toContain('text/event-stream');
      expect(response.headers['x-accel-buffering']).toBe('no');
      const events = response.text.split('\n\n').filter((event) => event !== '');
      expect(events.every((event) => event.startsWith('data: ') || event.startsWith(':'))).toBe(true);
      expect(events[events.length - 1]).toBe('data: [DONE]');
    });

    it('creates a session for term:new, runs the text there and names it in the reply', async () => {
      const completion = await bridge.openai.chat.completions.create({
        model: 'term:new',
        messages: [{ role: 'user', content: 'echo in-a-new-session' }],
      });
      expect(completion.choices[0]?.message.content).toBe(
        'Created session term-1: chat with the model term:term-1 to keep using it.\n\nin-a-new-session',
      );
      expect((await bridge.openai.models.retrieve('term:term-1')).id).toBe('term:term-1');
      const second = await bridge.openai.chat.completions.create({
        model: 'term:new',
        messages: [{ role: 'user', content: 'true' }],
      });
      expect(second.choices[0]?.message.content).toMatch(/^Created session term-2:/);
    });

    it('404s with model_not_found for a model that is not a session, without retries', async () => {
      for (const model of ['term:ghost', 'gpt-4o', 'term:a.b']) {
        const error = await bridge.openai.chat.completions
          .create({ model, messages: [{ role: 'user', content: 'echo x' }] })
          .catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(OpenAI.NotFoundError);
        expect((error as APIError).code).toBe('model_not_found');
        expect((error as APIError).headers?.get('x-should-retry')).toBe('false');
      }
    });

    it('400s on a bad body with the OpenAI error shape', async () => {
      const error = await bridge.openai.chat.completions
        .create({ model: 'term:dev', messages: [{ role: 'assistant', content: 'x' }] })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(OpenAI.BadRequestError);
      expect((error as APIError).param).toBe('messages');
    });
  });
});
