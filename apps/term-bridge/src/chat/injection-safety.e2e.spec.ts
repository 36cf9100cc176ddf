// Hostile input through the official client: every message is typed exactly as sent (proved by
// a program that records the bytes it receives) and nothing else runs (proved by marker files
// that must never appear). Also: retried requests and front-end background tasks type nothing.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import OpenAI, { type APIError } from 'openai';
import { type BridgeUnderTest, type Recorder, startBridge, TmuxTestServer } from '@platform/testing-bridge';
import { BRIDGE_SERVICE } from '../term-bridge.module';

describe('injection safety (openai client, real tmux)', () => {
  const tmux = TmuxTestServer.create('injection');
  let bridge: BridgeUnderTest;
  let recorders = 0;

  /** Sends `text` to a fresh recorder session; resolves with exactly the bytes the program got. */
  async function typedBytes(
    text: string,
    options: { bracketedPaste?: boolean; expectedLength?: number } = {},
  ): Promise<string> {
    recorders += 1;
    const name = `rec-${recorders}`;
    const recorder: Recorder = await tmux.newRecorderSession(name, options);
    await bridge.openai.chat.completions.create({
      model: `term:${name}`,
      messages: [{ role: 'user', content: text }],
    });
    const bytes = await recorder.waitForBytes(options.expectedLength ?? Buffer.byteLength(text) + 1);
    return bytes.toString('utf8');
  }

  async function failure(promise: Promise<unknown>): Promise<APIError> {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    if (!(error instanceof OpenAI.APIError)) throw new Error(`expected an API error, got ${String(error)}`);
    return error;
  }

  beforeAll(async () => {
    await tmux.newSession('shell');
    bridge = await startBridge(BRIDGE_SERVICE, tmux, {
      TERM_BRIDGE_FIRST_OUTPUT_MS: '300',
      TERM_BRIDGE_MAX_INPUT_BYTES: '20000',
    });
  });

  afterAll(async () => {
    await bridge?.close();
    await tmux.kill();
  });

  describe('text is typed byte for byte', () => {
    it.each([
      ['a text ending in ";"', 'echo a;'],
      ['a lone ";"', ';'],
      ['an escaped separator', 'find . -exec true {} \\;'],
      ['an option-like word', '-R'],
      ['the word Enter', 'Enter'],
      ['the word C-c', 'C-c'],
      ['tmux formats', '#{pane_id} #{session_name}'],
      ['quotes and backslashes', `'"\\'\\\\ $HOME \`id\``],
      ['Unicode and emoji', 'héllo wörld 宽字符 ✓ 🙂👍🏽 🇫🇷'],
    ])('%s', async (_label, text) => {
      expect(await typedBytes(text)).toBe(`${text}\r`);
    });

    it('a 10 kB multi-line paste, as one bracketed paste', async () => {
      const lines = Array.from({ length: 160 }, (_, index) => `line ${index} ${'x'.repeat(56)} ; #(nope) 🙂`);
      const text = lines.join('\n');
      expect(Buffer.byteLength(text)).toBeGreaterThan(10_000);
      const expected = `\u001b[200~${text.replace(/\n/g, '\r')}\u001b[201~\r`;
      expect(
        await typedBytes(text, { bracketedPaste: true, expectedLength: Buffer.byteLength(expected) }),
      ).toBe(expected);
    });

    it('a leading slash, escaped with a second one', async () => {
      expect(await typedBytes('//usr/bin/env', { expectedLength: 13 })).toBe('/usr/bin/env\r');
    });
  });

  it('runs nothing but what the shell is given: tmux syntax in text stays text', async () => {
    const markers = ['m1', 'm2', 'm3'].map((name) => tmux.path(name));
    const text = `echo '#(touch ${markers[0]}) ; run-shell "touch ${markers[1]}" \\; #{pane_id}' ;`;
    const completion = await bridge.openai.chat.completions.create({
      model: 'term:shell',
      messages: [{ role: 'user', content: text }],
    });
    expect(completion.choices[0]?.message.content).toBe(
      `#(touch ${markers[0]}) ; run-shell "touch ${markers[1]}" \\; #{pane_id}`,
    );
    const keys = await bridge.openai.chat.completions
      .create({
        model: 'term:shell',
        messages: [{ role: 'user', content: `/keys Enter run-shell touch ${markers[2]}` }],
      })
      .catch((error: unknown) => error);
    expect(keys).toBeInstanceOf(OpenAI.BadRequestError);
    for (const marker of markers) expect(existsSync(marker)).toBe(false);
  });

  describe('session names', () => {
    it.each([
      [`x#(touch${'$'}{IFS}MARKER)`],
      ['x#{pane_id}'],
      ['foo:0'],
      ['a.b'],
      ['-t'],
      ['new'],
      ['x$y'],
      ['dév'],
    ])('refuses /new %j before tmux sees it', async (name) => {
      const marker = tmux.path(`name-${recorders}-marker`);
      const before = await tmux.tmux('list-sessions', '-F', '#{session_name}');
      const error = await failure(
        bridge.openai.chat.completions.create({
          model: 'term:new',
          messages: [{ role: 'user', content: `/new ${name.replace('MARKER', marker)}` }],
        }),
      );
      expect(error.status).toBe(400);
      expect(error.code).toBe('invalid_session_name');
      expect(await tmux.tmux('list-sessions', '-F', '#{session_name}')).toBe(before);
      expect(existsSync(marker)).toBe(false);
    });

    it('never treats a hostile model id as a session', async () => {
      const marker = tmux.path('model-marker');
      const error = await failure(
        bridge.openai.chat.completions.create({
          model: `term:x#(touch ${marker})`,
          messages: [{ role: 'user', content: 'ls' }],
        }),
      );
      expect(error.status).toBe(404);
      expect(existsSync(marker)).toBe(false);
    });

    it('addresses sessions exactly: a prefix of a session name is not that session', async () => {
      const error = await failure(
        bridge.openai.chat.completions.create({
          model: 'term:she',
          messages: [{ role: 'user', content: 'ls' }],
        }),
      );
      expect(error.code).toBe('model_not_found');
    });
  });

  describe('nothing is typed for', () => {
    let recorder: Recorder;
    beforeAll(async () => {
      recorder = await tmux.newRecorderSession('quiet');
    });

    it('an automatic retry of the OpenAI SDK (X-Stainless-Retry-Count > 0)', async () => {
      const error = await failure(
        bridge.openai.chat.completions.create(
          { model: 'term:quiet', messages: [{ role: 'user', content: 'echo again' }] },
          { headers: { 'X-Stainless-Retry-Count': '1' } },
        ),
      );
      expect(error.status).toBe(400);
      expect(error.code).toBe('retry_not_typed');
      expect(error.headers?.get('x-should-retry')).toBe('false');
      const keys = await failure(
        bridge.openai.chat.completions.create(
          { model: 'term:quiet', messages: [{ role: 'user', content: '/keys y' }] },
          { headers: { 'X-Stainless-Retry-Count': '2' } },
        ),
      );
      expect(keys.code).toBe('retry_not_typed');
      // Reading is harmless on a retry.
      const list = await bridge.openai.chat.completions.create(
        { model: 'term:quiet', messages: [{ role: 'user', content: '/list' }] },
        { headers: { 'X-Stainless-Retry-Count': '1' } },
      );
      expect(list.choices[0]?.message.content).toContain('| quiet |');
      expect(recorder.bytes()).toEqual(Buffer.alloc(0));
    });

    it('Open WebUI and LibreChat background prompts', async () => {
      for (const content of [
        '### Task:\nGenerate a concise, 3-5 word title with an emoji summarizing the chat history.\n### Output:\nJSON format: { "title": "..." }\n<chat_history>\nUSER: ls; touch /tmp/x\n</chat_history>',
        '### Task:\nGenerate 1-3 broad tags categorizing the main themes of the chat history',
        'Provide a concise, 5-word-or-less title for the conversation, using title case conventions. Only return the title itself.\n\nConversation:\nls',
      ]) {
        for (const stream of [false, true]) {
          if (stream) {
            const chunks = await bridge.openai.chat.completions.create({
              model: 'term:quiet',
              messages: [{ role: 'user', content }],
              stream,
            });
            let text = '';
            for await (const chunk of chunks) text += chunk.choices[0]?.delta.content ?? '';
            expect(text).toMatch(/Terminal quiet|terminal/);
          } else {
            const completion = await bridge.openai.chat.completions.create({
              model: 'term:quiet',
              messages: [{ role: 'user', content }],
            });
            expect(completion.choices[0]?.message.content).toMatch(/Terminal quiet|terminal/);
          }
        }
      }
      expect(recorder.bytes()).toEqual(Buffer.alloc(0));
    });

    it('input over the size limit (a clear 400)', async () => {
      const error = await failure(
        bridge.openai.chat.completions.create({
          model: 'term:quiet',
          messages: [{ role: 'user', content: 'x'.repeat(20_001) }],
        }),
      );
      expect(error.status).toBe(400);
      expect(error.code).toBe('input_too_large');
      expect(error.message).toMatch(
        /20001 bytes; the bridge types at most 20000 bytes per message \(TERM_BRIDGE_MAX_INPUT_BYTES\)/,
      );
      const command = await failure(
        bridge.openai.chat.completions.create({
          model: 'term:new',
          messages: [{ role: 'user', content: `/new big echo ${'x'.repeat(20_000)}` }],
        }),
      );
      expect(command.code).toBe('input_too_large');
      expect(await tmux.tmux('list-sessions', '-F', '#{session_name}')).not.toContain('big');
      expect(recorder.bytes()).toEqual(Buffer.alloc(0));
    });
  });
});
