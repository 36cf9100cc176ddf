import { describe, expect, it } from '@jest/globals';
import { DomainError } from '@platform/service-kit';
import fc from 'fast-check';
import { MAX_MODEL_ID_CHARS, parseChatRequest, SYSTEM_PROMPT_HEAD_CHARS } from './chat-request';

const LIMITS = { maxInputBytes: 1000, maxMessages: 20 };

function problem(body: unknown): { code: string; param: unknown; message: string } {
  try {
    parseChatRequest(body, LIMITS);
  } catch (error) {
    if (error instanceof DomainError)
      return { code: error.code, param: error.details['param'], message: error.message };
  }
  throw new Error('expected the request to be refused');
}

describe('chat completion requests', () => {
  it('takes the final user message as the input and ignores history and unknown fields', () => {
    const request = parseChatRequest(
      {
        model: 'term:dev',
        messages: [
          { role: 'system', content: 'You are a terminal.' },
          { role: 'user', content: 'ls' },
          { role: 'assistant', content: 'a b' },
          { role: 'user', content: 'echo hi' },
        ],
        temperature: 0.2,
        max_tokens: 100,
        tools: [],
        user: 'me',
        n: 1,
      },
      LIMITS,
    );
    expect(request).toEqual({
      model: 'term:dev',
      text: 'echo hi',
      stream: false,
      includeUsage: false,
      systemPromptHead: 'You are a terminal.',
    });
  });

  it('joins the text parts of array content and skips other parts', () => {
    const request = parseChatRequest(
      {
        model: 'term:dev',
        stream: true,
        stream_options: { include_usage: true },
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'echo one' },
              { type: 'image_url', image_url: { url: 'data:...' } },
              { type: 'text', text: 'echo two' },
            ],
          },
        ],
      },
      LIMITS,
    );
    expect(request).toMatchObject({ text: 'echo one\necho two', stream: true, includeUsage: true });
  });

  it('treats null content as empty text (just Enter)', () => {
    expect(
      parseChatRequest({ model: 'term:dev', messages: [{ role: 'user', content: null }] }, LIMITS).text,
    ).toBe('');
  });

  it.each([
    [null, 'invalid_request', undefined],
    [[], 'invalid_request', undefined],
    [{ messages: [{ role: 'user', content: 'x' }] }, 'missing_required_parameter', 'model'],
    [{ model: 7, messages: [{ role: 'user', content: 'x' }] }, 'missing_required_parameter', 'model'],
    [{ model: 'term:dev' }, 'missing_required_parameter', 'messages'],
    [{ model: 'term:dev', messages: [] }, 'missing_required_parameter', 'messages'],
    [{ model: 'term:dev', messages: ['ls'] }, 'invalid_request', 'messages'],
    [{ model: 'term:dev', messages: [{ role: 'user', content: 42 }] }, 'invalid_request', 'messages'],
    [{ model: 'term:dev', messages: [{ role: 'assistant', content: 'x' }] }, 'invalid_request', 'messages'],
    [
      { model: 'term:dev', messages: [{ role: 'user', content: 'x' }], stream: 'yes' },
      'invalid_request',
      'stream',
    ],
  ])('refuses %j with %s', (body, code, param) => {
    const refused = problem(body);
    expect(refused.code).toBe(code);
    expect(refused.param).toBe(param);
  });

  describe('sizes, checked before anything reads the text', () => {
    const user = (content: unknown) => ({ role: 'user', content });

    it('refuses a final message over the input limit, counted in UTF-8 bytes, whatever it says', () => {
      expect(problem({ model: 'term:dev', messages: [user('x'.repeat(1001))] })).toMatchObject({
        code: 'input_too_large',
        param: 'messages',
        message: expect.stringMatching(/1001 bytes; the bridge types at most 1000 bytes/),
      });
      // 334 three-byte characters are 1002 bytes in 334 UTF-16 units.
      expect(problem({ model: 'term:dev', messages: [user('€'.repeat(334))] }).code).toBe('input_too_large');
      // A front-end's background prompt is no exception: it is refused before detection runs.
      const title = `Provide a concise, 5-word-or-less title for the conversation.\n${'x'.repeat(1000)}`;
      expect(problem({ model: 'term:dev', messages: [user(title)] }).code).toBe('input_too_large');
      const parts = [
        { type: 'text', text: 'x'.repeat(600) },
        { type: 'text', text: 'y'.repeat(600) },
      ];
      expect(problem({ model: 'term:dev', messages: [user(parts)] }).code).toBe('input_too_large');
      expect(
        parseChatRequest({ model: 'term:dev', messages: [user('€'.repeat(333))] }, LIMITS).text,
      ).toHaveLength(333);
    });

    it('refuses more messages than the limit, naming it, and accepts exactly the limit', () => {
      const many = (count: number) => Array.from({ length: count }, () => user('ls'));
      expect(problem({ model: 'term:dev', messages: many(21) })).toMatchObject({
        code: 'too_many_messages',
        param: 'messages',
        message: expect.stringMatching(
          /21 messages; the bridge accepts at most 20 \(TERM_BRIDGE_MAX_MESSAGES\)/,
        ),
      });
      expect(parseChatRequest({ model: 'term:dev', messages: many(20) }, LIMITS).text).toBe('ls');
    });

    it('refuses a model id longer than any model can be, without echoing it', () => {
      const refused = problem({ model: 'm'.repeat(MAX_MODEL_ID_CHARS + 1), messages: [user('ls')] });
      expect(refused).toMatchObject({ code: 'invalid_request', param: 'model' });
      expect(refused.message.length).toBeLessThan(200);
    });

    it('checks the shape of history messages without limiting or reading their text', () => {
      const request = parseChatRequest(
        {
          model: 'term:dev',
          messages: [
            { role: 'assistant', content: 'o'.repeat(50_000) },
            { role: 'assistant', content: [{ type: 'text', text: 'p'.repeat(50_000) }] },
            user('pwd'),
          ],
        },
        LIMITS,
      );
      expect(request.text).toBe('pwd');
      expect(
        problem({ model: 'term:dev', messages: [{ role: 'assistant', content: 3 }, user('ls')] }),
      ).toMatchObject({
        code: 'invalid_request',
        message: 'messages[0].content must be a string or an array of content parts.',
      });
    });

    it('keeps only the head of a leading system prompt, for detection', () => {
      fc.assert(
        fc.property(
          fc.string({ maxLength: 3 * SYSTEM_PROMPT_HEAD_CHARS }),
          fc.boolean(),
          (prompt, asParts) => {
            const content = asParts
              ? [
                  { type: 'text', text: prompt },
                  { type: 'text', text: prompt },
                ]
              : prompt;
            const request = parseChatRequest(
              { model: 'term:dev', messages: [{ role: 'system', content }, user('ls')] },
              LIMITS,
            );
            const whole = asParts ? `${prompt}\n${prompt}` : prompt;
            expect(request.systemPromptHead).toBe(whole.slice(0, SYSTEM_PROMPT_HEAD_CHARS));
          },
        ),
      );
      expect(
        parseChatRequest(
          { model: 'term:dev', messages: [user('a'), { role: 'system', content: 's' }, user('b')] },
          LIMITS,
        ).systemPromptHead,
      ).toBeUndefined();
    });
  });
});
