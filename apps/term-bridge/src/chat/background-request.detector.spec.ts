import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  backgroundReply,
  containsInOrder,
  DETECTION_HEAD_CHARS,
  detectBackgroundRequest,
} from './background-request.detector';

describe('background requests of chat front-ends', () => {
  it.each([
    [
      '### Task:\nGenerate a concise, 3-5 word title with an emoji summarizing the chat history.\n### Output:\nJSON format: { "title": "your concise title here" }',
      'title',
      { title: '🖥️ Terminal dev' },
    ],
    [
      '### Task:\nGenerate 1-3 broad tags categorizing the main themes of the chat history',
      'tags',
      { tags: ['terminal'] },
    ],
    [
      '### Task:\nSuggest 3-5 relevant follow-up questions or prompts that the user might naturally ask next',
      'follow-ups',
      { follow_ups: [] },
    ],
    [
      '### Task:\nAnalyze the chat history to determine the necessity of generating search queries',
      'queries',
      { queries: [] },
    ],
    [
      '### Task:\nYou are an autocompletion system. Continue the text in `<text>`',
      'autocomplete',
      { text: '' },
    ],
  ])('answers Open WebUI task prompts (%#) without typing', (text, task, reply) => {
    const request = detectBackgroundRequest({ text });
    expect(request).toEqual({ client: 'open-webui', task });
    expect(JSON.parse(backgroundReply(request as NonNullable<typeof request>, 'term:dev'))).toEqual(reply);
  });

  it.each([
    'Please generate a concise, 5-word-or-less title for the conversation, using its same language, with no punctuation.',
    'Provide a concise, 5-word-or-less title for the conversation, using title case conventions. Only return the title itself.\n\nConversation:\nUser: ls',
    'Analyze this conversation and provide:\n1. The detected language of the conversation\n2. A concise title in the detected language (5 words or less, no punctuation or quotation)',
  ])('answers LibreChat title prompts with plain text', (text) => {
    const request = detectBackgroundRequest({ text });
    expect(request).toEqual({ client: 'librechat', task: 'title' });
    expect(backgroundReply(request as NonNullable<typeof request>, 'term:build')).toBe('Terminal build');
  });

  it.each([
    'ls -la',
    'echo "### Task: not at the start"',
    'git commit -m "title for the conversation"',
    'write a short title',
  ])('types ordinary input such as %j', (text) => {
    expect(detectBackgroundRequest({ text })).toBeUndefined();
  });

  it('reads a leading system prompt for LibreChat titles, never for Open WebUI tasks', () => {
    const instructions =
      'Please generate a concise title (max 40 characters) for a conversation that starts with:';
    expect(detectBackgroundRequest({ text: 'User: ls', systemPromptHead: instructions })).toEqual({
      client: 'librechat',
      task: 'title',
    });
    expect(
      detectBackgroundRequest({ text: 'pwd', systemPromptHead: '### Task:\nGenerate tags' }),
    ).toBeUndefined();
  });

  describe('reads only the head of a text, in linear time', () => {
    const titleInstructions =
      'Analyze this conversation and provide:\n1. The detected language of the conversation\n2. A concise title';

    it('does not see telling phrases that start beyond the head', () => {
      const padding = 'x'.repeat(DETECTION_HEAD_CHARS);
      expect(detectBackgroundRequest({ text: `${padding}${titleInstructions}` })).toBeUndefined();
      expect(detectBackgroundRequest({ text: `ls\n${padding}` })).toBeUndefined();
      // A phrase cut by the end of the head does not count either.
      const cut = `${'x'.repeat(DETECTION_HEAD_CHARS - 20)}5-word-or-less title for the conversation`;
      expect(detectBackgroundRequest({ text: cut })).toBeUndefined();
      expect(
        detectBackgroundRequest({ text: 'pwd', systemPromptHead: `${padding}${titleInstructions}` }),
      ).toBeUndefined();
      // The same instructions at the start, followed by a long conversation, are recognised.
      expect(detectBackgroundRequest({ text: `${titleInstructions}\n${'y'.repeat(100_000)}` })).toEqual({
        client: 'librechat',
        task: 'title',
      });
    });

    it('decides from the head alone, whatever follows it (property)', () => {
      const pieces = fc.constantFrom(
        '### Task:',
        ' ',
        '\n',
        'analyze this conversation and provide:',
        'detected language',
        'concise title',
        '5-word-or-less title for the conversation',
        'ls -la ',
        'x',
      );
      fc.assert(
        fc.property(
          fc.array(pieces, { maxLength: 200 }),
          fc.array(pieces, { maxLength: 200 }),
          (head, tail) => {
            const text = head.join('');
            const whole = `${text}${tail.join('')}`;
            expect(detectBackgroundRequest({ text: whole })).toEqual(
              detectBackgroundRequest({ text: whole.slice(0, DETECTION_HEAD_CHARS) }),
            );
            expect(detectBackgroundRequest({ text: 'ls', systemPromptHead: whole })).toEqual(
              detectBackgroundRequest({ text: 'ls', systemPromptHead: whole.slice(0, DETECTION_HEAD_CHARS) }),
            );
          },
        ),
      );
    });

    it('answers the hostile title-detector shape (a phrase repeated, its partner missing) at the size limit', () => {
      // With the old `[\s\S]*…[\s\S]*` pattern, 540 KB of this held the event loop for 11 s.
      const hostile = 'analyze this conversation and provide:'.repeat(1_048_576 / 38);
      expect(detectBackgroundRequest({ text: hostile, systemPromptHead: hostile })).toBeUndefined();
      const leading = ' '.repeat(1_048_576);
      expect(detectBackgroundRequest({ text: `${leading}### Task: title` })).toBeUndefined();
    });

    it('finds phrases in order with one forward scan', () => {
      expect(containsInOrder('a b c', ['a', 'b', 'c'])).toBe(true);
      expect(containsInOrder('c b a', ['a', 'b', 'c'])).toBe(false);
      expect(containsInOrder('ab', ['ab', 'b'])).toBe(false);
      expect(containsInOrder('anything', [])).toBe(true);
    });
  });
});
