// A long conversation with the bridge, as a chat front-end would hold it: 200+ turns mixing
// commands, control commands, missing sessions, concurrent requests to one session, a
// full-screen program, streaming and whole responses. Every response must be well formed and
// say exactly what the terminal said. The sequence is fixed (seeded), so a failure names the
// turn that reproduces it.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { writeFileSync } from 'node:fs';
import OpenAI from 'openai';
import type { ChatCompletion, ChatCompletionChunk } from 'openai/resources/chat/completions';
import { type BridgeUnderTest, startBridge, TmuxTestServer } from '@platform/testing-bridge';
import { BRIDGE_SERVICE } from '../term-bridge.module';

const TURNS = 200;

/** Deterministic pseudo-random numbers (mulberry32), so the sequence is the same on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function expectWellFormedCompletion(completion: ChatCompletion, model: string): string {
  expect(completion).toMatchObject({
    object: 'chat.completion',
    model,
    choices: [{ index: 0, finish_reason: 'stop' }],
  });
  expect(completion.id).toMatch(/^chatcmpl-[0-9a-f]{24}$/);
  expect(completion.choices[0]?.message.role).toBe('assistant');
  const usage = completion.usage;
  expect(usage?.total_tokens).toBe((usage?.prompt_tokens ?? NaN) + (usage?.completion_tokens ?? NaN));
  return completion.choices[0]?.message.content ?? '';
}

function expectWellFormedStream(chunks: ChatCompletionChunk[], model: string): string {
  expect(chunks.length).toBeGreaterThanOrEqual(2);
  expect(chunks[0]?.choices[0]?.delta).toEqual({ role: 'assistant', content: '' });
  expect(chunks[chunks.length - 1]?.choices[0]).toEqual({ index: 0, delta: {}, finish_reason: 'stop' });
  expect(new Set(chunks.map((chunk) => `${chunk.id} ${chunk.model} ${chunk.created}`)).size).toBe(1);
  expect(chunks[0]?.model).toBe(model);
  for (const chunk of chunks.slice(1, -1)) expect(chunk.choices[0]?.finish_reason).toBeNull();
  return chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');
}

describe(`a ${TURNS}-turn simulation (openai client, real tmux)`, () => {
  const tmux = TmuxTestServer.create('simulation');
  let bridge: BridgeUnderTest;
  const pager = tmux.path('pager.txt');

  async function say(model: string, content: string, stream: boolean): Promise<string> {
    if (!stream) {
      const completion = await bridge.openai.chat.completions.create({
        model,
        messages: [{ role: 'user', content }],
      });
      return expectWellFormedCompletion(completion, model);
    }
    const chunks: ChatCompletionChunk[] = [];
    for await (const chunk of await bridge.openai.chat.completions.create({
      model,
      messages: [{ role: 'user', content }],
      stream,
    })) {
      chunks.push(chunk);
    }
    return expectWellFormedStream(chunks, model);
  }

  beforeAll(async () => {
    writeFileSync(pager, Array.from({ length: 200 }, (_, index) => `pager row ${index}`).join('\n'));
    for (const name of ['s1', 's2', 's3']) await tmux.newSession(name);
    bridge = await startBridge(BRIDGE_SERVICE, tmux, {
      // Short enough for 200 turns, long enough that `echo; sleep 0.02; echo` on a loaded 2-core
      // CI machine (browser tests beside it) does not read as a command gone quiet (100 ms did).
      TERM_BRIDGE_QUIESCENCE_MS: '300',
      TERM_BRIDGE_FIRST_OUTPUT_MS: '1000',
      // A streamed `less` never returns to the prompt: the inactivity rule ends it (3 s, not 30).
      TERM_BRIDGE_STREAM_IDLE_MS: '3000',
    });
  });

  afterAll(async () => {
    await bridge?.close();
    await tmux.kill();
  });

  it('keeps every response well formed and exact', async () => {
    const next = random(20261122);
    const kinds: Record<string, number> = {};
    let turns = 0;
    for (let step = 0; turns < TURNS; step += 1) {
      const stream = next() < 0.5;
      const kind = Math.floor(next() * 9);
      const context = `step ${step} (turn ${turns}, kind ${kind}, stream ${stream})`;
      try {
        switch (kind) {
          case 0: {
            const value = Math.floor(next() * 1e6);
            expect(await say('term:s1', `echo value-${value} $((${value} % 97))`, stream)).toBe(
              `value-${value} ${value % 97}`,
            );
            turns += 1;
            break;
          }
          case 1: {
            const lines = 1 + Math.floor(next() * 5);
            const expected = Array.from({ length: lines }, (_, index) => `row ${index + 1}`).join('\n');
            expect(await say('term:s2', `for i in $(seq 1 ${lines}); do echo "row $i"; done`, stream)).toBe(
              expected,
            );
            turns += 1;
            break;
          }
          case 2:
            expect(await say('term:s1', '/list', stream)).toContain('| s2 | term:s2 |');
            expect(await say('term:s2', '/tail 2', stream)).toMatch(/\S/);
            turns += 2;
            break;
          case 3: {
            const error = await say(`term:ghost-${step}`, 'echo never', stream).catch(
              (caught: unknown) => caught,
            );
            expect(error).toBeInstanceOf(OpenAI.NotFoundError);
            turns += 1;
            break;
          }
          case 4: {
            const labels = ['a', 'b', 'c'].map((label) => `${label}${step}`);
            const replies = await Promise.all(
              labels.map((label, index) =>
                say('term:s3', `echo ${label}-1; sleep 0.0${index}; echo ${label}-2`, index === 1),
              ),
            );
            expect(replies).toEqual(labels.map((label) => `${label}-1\n${label}-2`));
            turns += 3;
            break;
          }
          case 5: {
            const name = `sim-${step}`;
            expect(await say('term:new', `/new ${name} echo born-${step}`, stream)).toBe(
              `Created session ${name}: chat with the model term:${name} to use it.\n\nborn-${step}`,
            );
            expect(await say(`term:${name}`, 'echo inside', !stream)).toBe('inside');
            expect(await say('term:s1', `/kill ${name}`, stream)).toBe(`Killed session ${name}.`);
            turns += 3;
            break;
          }
          case 6: {
            const paged = await say('term:s2', `less ${pager}`, stream);
            expect(paged).toContain('pager row 0');
            expect(await say('term:s2', '/keys q', !stream)).not.toContain('pager row');
            turns += 2;
            break;
          }
          case 7:
            expect(await say('term:s1', 'printf "%s\\n" one\necho two', stream)).toBe('one\ntwo');
            turns += 1;
            break;
          default:
            expect(await say('term:s3', '/nothing-here', stream)).toMatch(/^Unknown command/);
            expect(await say('term:s3', '/keys C-l', stream)).toBe('');
            turns += 2;
        }
        kinds[kind] = (kinds[kind] ?? 0) + 1;
      } catch (error) {
        throw new Error(
          `simulation failed at ${context}: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
    }
    expect(turns).toBeGreaterThanOrEqual(TURNS);
    // Every kind of turn was exercised.
    expect(Object.keys(kinds).sort()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8']);
  }, 300_000);
});
