// Streaming behaviour over real HTTP: keep-alives, the idle limit, clients that leave, several
// clients on one session, full-screen programs, and the rule that a streamed reply follows a
// command through its pauses until the prompt returns (decision 018).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { type BridgeUnderTest, startBridge, TmuxTestServer } from '@platform/testing-bridge';
import { TapsService } from '../taps/taps.service';
import { BRIDGE_SERVICE } from '../term-bridge.module';

interface RawStream {
  readonly events: string[];
  readonly content: string;
}

describe('streaming (real HTTP, real tmux)', () => {
  const tmux = TmuxTestServer.create('streaming');
  let bridge: BridgeUnderTest;

  /** Posts a streaming request and reads the raw SSE events (comments included) until the end. */
  async function rawStream(model: string, content: string, signal?: AbortSignal): Promise<RawStream> {
    const response = await fetch(`${bridge.baseUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { ...bridge.auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ model, stream: true, messages: [{ role: 'user', content }] }),
      ...(signal === undefined ? {} : { signal }),
    });
    const text = await response.text();
    const events = text.split('\n\n').filter((event) => event !== '');
    const pieces = events
      .filter((event) => event.startsWith('data: {'))
      .map((event) => JSON.parse(event.slice(6)) as { choices: { delta: { content?: string } }[] })
      .map((chunk) => chunk.choices[0]?.delta.content ?? '');
    return { events, content: pieces.join('') };
  }

  async function complete(model: string, content: string): Promise<string> {
    const completion = await bridge.openai.chat.completions.create({
      model,
      messages: [{ role: 'user', content }],
    });
    return completion.choices[0]?.message.content ?? '';
  }

  beforeAll(async () => {
    await tmux.newSession('main');
    await tmux.newSession('shared');
    bridge = await startBridge(BRIDGE_SERVICE, tmux, {
      TERM_BRIDGE_KEEPALIVE_MS: '100',
      TERM_BRIDGE_STREAM_IDLE_MS: '5000',
      TERM_BRIDGE_FIRST_OUTPUT_MS: '1000',
    });
  });

  afterAll(async () => {
    await bridge?.close();
    await tmux.kill();
  });

  it('sends keep-alive comments while waiting, which clients ignore', async () => {
    const stream = await rawStream('term:main', 'sleep 0.3; echo woke');
    expect(stream.events.filter((event) => event === ': keep-alive').length).toBeGreaterThanOrEqual(1);
    expect(stream.content).toBe('woke');
    expect(stream.events[stream.events.length - 1]).toBe('data: [DONE]');
  });

  it('ends a stream with no output for the idle limit, saying the program keeps running', async () => {
    const stream = await rawStream('term:main', 'sleep 7; echo too-late');
    expect(stream.content).toBe(
      '[no output for 5 s: the stream ends here; the program keeps running. /tail shows the screen]',
    );
    expect(stream.events.slice(-2)[0]).toContain('"finish_reason":"stop"');
    expect(stream.events[stream.events.length - 1]).toBe('data: [DONE]');
    await tmux.waitForScreen('main', (screen) => screen.includes('too-late'));
  });

  it('stops streaming when the client leaves; the command keeps running and the session stays usable', async () => {
    const marker = tmux.path('kept-running');
    const controller = new AbortController();
    const first = await fetch(`${bridge.baseUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { ...bridge.auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        model: 'term:main',
        stream: true,
        messages: [
          { role: 'user', content: `for i in 1 2 3 4 5 6; do echo tick$i; sleep 0.1; done; touch ${marker}` },
        ],
      }),
      signal: controller.signal,
    });
    const reader = first.body?.getReader();
    let received = '';
    while (!received.includes('tick1')) {
      const chunk = await reader?.read();
      if (chunk === undefined || chunk.done) break;
      received += new TextDecoder().decode(chunk.value);
    }
    controller.abort();
    const taps = bridge.service.app.get(TapsService);
    for (let attempt = 0; attempt < 100 && !existsSync(marker); attempt += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(existsSync(marker)).toBe(true);
    const settles = taps.list({ session: 'main', kind: 'settle', limit: 10 }).events;
    expect(settles.some((event) => event.data['reason'] === 'cancelled')).toBe(true);
    expect(await complete('term:main', 'echo still-usable')).toBe('still-usable');
  });

  it('queues concurrent requests to one session so their keystrokes and outputs never mix', async () => {
    const commands = ['A', 'B', 'C', 'D'].map((label) => `echo ${label}1; sleep 0.1; echo ${label}2`);
    const replies = await Promise.all(commands.map((command) => complete('term:shared', command)));
    expect(replies).toEqual(['A1\nA2', 'B1\nB2', 'C1\nC2', 'D1\nD2']);
  });

  it('streams a full-screen program as its screen when the inactivity limit ends it, not a stream of redraws', async () => {
    // top redraws every 0.5 s and never returns to the prompt: only the inactivity rule ends the stream.
    const stream = await rawStream('term:main', 'top -d 0.5');
    const contentChunks = stream.events.filter(
      (event) => event.includes('"content":"') && !event.includes('"content":""'),
    );
    // One chunk with the screen, one with the note: no redraws.
    expect(contentChunks).toHaveLength(2);
    expect(stream.content).toMatch(/PID/);
    expect(stream.content).toMatch(/\[no output for 5 s: the stream ends here; the program keeps running/);
    // top leaves its last screen on the normal screen when it quits; the shell is back after it.
    await complete('term:main', '/keys q');
    expect(await complete('term:main', 'echo after-top')).toBe('after-top');
  });

  describe('a streamed reply follows the command until the prompt returns', () => {
    async function streamed(
      model: string,
      content: string,
    ): Promise<{ pieces: string[]; finish: unknown[] }> {
      const stream = await bridge.openai.chat.completions.create({
        model,
        stream: true,
        messages: [{ role: 'user', content }],
      });
      const pieces: string[] = [];
      const finish: unknown[] = [];
      for await (const chunk of stream) {
        const choice = chunk.choices[0];
        if (choice?.delta.content) pieces.push(choice.delta.content);
        if (choice?.finish_reason) finish.push(choice.finish_reason);
      }
      return { pieces, finish };
    }

    beforeAll(async () => {
      await tmux.newSession('paused');
    });

    it('streams both lines of `echo start; sleep 3; echo end` and ends when the prompt is back', async () => {
      const { pieces, finish } = await streamed('term:paused', 'echo start; sleep 3; echo end');
      expect(pieces).toEqual(['start', '\nend']);
      expect(finish).toEqual(['stop']);
      const settles = bridge.service.app
        .get(TapsService)
        .list({ session: 'paused', kind: 'settle', limit: 1 });
      expect(settles.events[0]?.data).toMatchObject({
        reason: 'prompt',
        ending: 'prompt',
        commandAfter: 'bash',
      });
    });

    it('does not type the next message into the running command while the stream follows it', async () => {
      const following = streamed('term:paused', 'echo first; sleep 3; echo first-done');
      await tmux.waitForScreen('paused', (screen) => screen.includes('first\n'));
      // Sent while `sleep 3` runs: it waits for the stream's turn to end.
      const next = await complete('term:paused', 'echo second');
      expect(next).toBe('second');
      expect((await following).pieces.join('')).toBe('first\nfirst-done');
      const screen = await tmux.screen('paused');
      expect(screen.indexOf('first-done')).toBeLessThan(screen.indexOf('echo second'));
    });

    it('ends a stream into a program waiting for input (no prompt) by the inactivity rule; the next message goes to it', async () => {
      const { pieces, finish } = await streamed('term:paused', 'read -r answer; echo "got $answer"');
      expect(pieces.join('')).toBe(
        '[no output for 5 s: the stream ends here; the program keeps running. /tail shows the screen]',
      );
      expect(finish).toEqual(['stop']);
      expect(await complete('term:paused', 'forty-two')).toBe('got forty-two');
    });
  });
});
