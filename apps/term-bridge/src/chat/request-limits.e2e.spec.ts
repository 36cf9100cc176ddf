// Request sizes over real HTTP (decision 018): the body, the number of messages, the model id and
// the final message are checked before anything reads the text, so a maximum-size hostile body
// is refused in the OpenAI error shape (never retried) before any detector runs, and detection
// reads only the head of a message.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { type BridgeUnderTest, type Recorder, startBridge, TmuxTestServer } from '@platform/testing-bridge';
import { TapsService } from '../taps/taps.service';
import { BRIDGE_SERVICE } from '../term-bridge.module';

const LIBRECHAT_TITLE =
  'Analyze this conversation and provide:\n1. The detected language of the conversation\n2. A concise title in the detected language (5 words or less, no punctuation or quotation)\n\n';

describe('request limits (real HTTP, real tmux)', () => {
  const tmux = TmuxTestServer.create('limits');
  let bridge: BridgeUnderTest;
  let recorder: Recorder;

  function post(body: unknown) {
    return request(bridge.service.server)
      .post('/v1/chat/completions')
      .set(bridge.auth)
      .set('Content-Type', 'application/json')
      .send(typeof body === 'string' ? body : JSON.stringify(body));
  }

  function backgroundEvents(): number {
    return bridge.service.app.get(TapsService).list({ kind: 'background', limit: 1000 }).events.length;
  }

  beforeAll(async () => {
    recorder = await tmux.newRecorderSession('rec');
    bridge = await startBridge(BRIDGE_SERVICE, tmux, {
      TERM_BRIDGE_MAX_INPUT_BYTES: '20000',
      TERM_BRIDGE_MAX_MESSAGES: '50',
      TERM_BRIDGE_TAPS_PERSIST: 'false',
    });
  });

  afterAll(async () => {
    await bridge?.close();
    await tmux.kill();
  });

  it('refuses an oversized background prompt before any detector runs (400, OpenAI shape, never retried)', async () => {
    const before = backgroundEvents();
    const response = await post({
      model: 'term:rec',
      stream: true,
      messages: [{ role: 'user', content: `${LIBRECHAT_TITLE}${'User: ls\n'.repeat(3000)}` }],
    }).expect(400);
    expect(response.headers['x-should-retry']).toBe('false');
    expect(response.body).toEqual({
      error: {
        message:
          'The message is 27176 bytes; the bridge types at most 20000 bytes per message (TERM_BRIDGE_MAX_INPUT_BYTES).',
        type: 'invalid_request_error',
        param: 'messages',
        code: 'input_too_large',
      },
    });
    expect(backgroundEvents()).toBe(before);
    // The same prompt within the limit is a background request, answered without typing.
    await post({
      model: 'term:rec',
      messages: [{ role: 'user', content: `${LIBRECHAT_TITLE}User: ls` }],
    }).expect(200);
    expect(backgroundEvents()).toBe(before + 1);
  });

  it('refuses the hostile title-detector shape at 540 KB and at the body limit', async () => {
    for (const size of [540_000, 3_900_000]) {
      const hostile = 'analyze this conversation and provide:'.repeat(Math.floor(size / 38));
      const response = await post({
        model: 'term:rec',
        messages: [{ role: 'user', content: hostile }],
      }).expect(400);
      expect(response.body.error.code).toBe('input_too_large');
      // As a leading system prompt it is not limited, but only its head is read: the final message is typed.
      await post({
        model: 'term:rec',
        messages: [
          { role: 'system', content: hostile },
          { role: 'user', content: '/help' },
        ],
      }).expect(200);
    }
    expect(recorder.bytes()).toEqual(Buffer.alloc(0));
  });

  it('types a message whose telling phrases come only after the part detection reads', async () => {
    const text = `echo ${'x'.repeat(2100)} # Provide a concise, 5-word-or-less title for the conversation`;
    await bridge.openai.chat.completions.create({
      model: 'term:rec',
      messages: [{ role: 'user', content: text }],
    });
    expect((await recorder.waitForBytes(text.length + 1)).toString()).toBe(`${text}\r`);
  });

  it('refuses too many messages, a model id no model can have, and a body over the parser limit', async () => {
    const messages = Array.from({ length: 51 }, () => ({ role: 'user', content: '/help' }));
    const many = await post({ model: 'term:rec', messages }).expect(400);
    expect(many.body.error).toMatchObject({ code: 'too_many_messages', param: 'messages' });
    expect(many.headers['x-should-retry']).toBe('false');
    await post({ model: 'term:rec', messages: messages.slice(1) }).expect(200);

    const longModel = await post({
      model: `term:${'a'.repeat(100_000)}`,
      messages: [{ role: 'user', content: 'ls' }],
    });
    expect(longModel.status).toBe(400);
    expect(longModel.body.error).toMatchObject({ code: 'invalid_request', param: 'model' });
    expect(JSON.stringify(longModel.body).length).toBeLessThan(400);

    const huge = `{"model":"term:rec","messages":[{"role":"user","content":"${'x'.repeat(5 * 1024 * 1024)}"}]}`;
    const tooLarge = await post(huge).expect(413);
    expect(tooLarge.headers['x-should-retry']).toBe('false');
    expect(tooLarge.body).toEqual({
      error: {
        message: 'request body is larger than the 4 MB limit',
        type: 'invalid_request_error',
        param: null,
        code: null,
      },
    });
  });

  it('echoes at most a short part of client text in replies, errors and diagnostics', async () => {
    const unknown = await bridge.openai.chat.completions.create({
      model: 'term:rec',
      messages: [{ role: 'user', content: `/${'z'.repeat(10_000)}` }],
    });
    expect(unknown.choices[0]?.message.content).toMatch(/^Unknown command "\/z{40}…"/);
    const retried = await post({ model: 'term:rec', messages: [{ role: 'user', content: 'ls' }] })
      .set('X-Stainless-Retry-Count', '7'.repeat(5000))
      .expect(400);
    expect(retried.body.error.code).toBe('retry_not_typed');
    expect(retried.body.error.message.length).toBeLessThan(300);
    const [tap] = bridge.service.app.get(TapsService).list({ kind: 'request', limit: 1 }).events;
    expect(String(tap?.data['retryCount'])).toHaveLength(12);
    expect(recorder.bytes().toString()).not.toContain('zzz');
  });
});
