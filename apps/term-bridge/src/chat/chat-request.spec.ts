import { describe, expect, it } from '@jest/globals';
import { DomainError } from '@platform/service-kit';
import { parseChatRequest } from './chat-request';

function problem(body: unknown): { code: string; param: unknown; message: string } {
  try {
    parseChatRequest(body);
  } catch (error) {
    if (error instanceof DomainError)
      return { code: error.code, param: error.details['param'], message: error.message };
  }
  throw new Error('expected the request to be refused');
}

describe('chat completion requests', () => {
  it('takes the final user message as the input and ignores history and unknown fields', () => {
    const request = parseChatRequest({
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
    });
    expect(request).toMatchObject({ model: 'term:dev', text: 'echo hi', stream: false, includeUsage: false });
    expect(request.messages).toHaveLength(4);
  });

  it('joins the text parts of array content and skips other parts', () => {
    const request = parseChatRequest({
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
    });
    expect(request).toMatchObject({ text: 'echo one\necho two', stream: true, includeUsage: true });
  });

  it('treats null content as empty text (just Enter)', () => {
    expect(parseChatRequest({ model: 'term:dev', messages: [{ role: 'user', content: null }] }).text).toBe(
      '',
    );
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
});
