import { describe, expect, it } from '@jest/globals';
import { backgroundReply, detectBackgroundRequest } from './background-request.detector';

const user = (text: string) => ({ role: 'user', text });

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
    const request = detectBackgroundRequest([user('ls -la'), { role: 'assistant', text: 'x' }, user(text)]);
    expect(request).toEqual({ client: 'open-webui', task });
    expect(JSON.parse(backgroundReply(request as NonNullable<typeof request>, 'term:dev'))).toEqual(reply);
  });

  it.each([
    'Please generate a concise, 5-word-or-less title for the conversation, using its same language, with no punctuation.',
    'Provide a concise, 5-word-or-less title for the conversation, using title case conventions. Only return the title itself.\n\nConversation:\nUser: ls',
    'Analyze this conversation and provide:\n1. The detected language of the conversation\n2. A concise title in the detected language (5 words or less, no punctuation or quotation)',
  ])('answers LibreChat title prompts with plain text', (text) => {
    const request = detectBackgroundRequest([user(text)]);
    expect(request).toEqual({ client: 'librechat', task: 'title' });
    expect(backgroundReply(request as NonNullable<typeof request>, 'term:build')).toBe('Terminal build');
  });

  it.each([
    'ls -la',
    'echo "### Task: not at the start"',
    'git commit -m "title for the conversation"',
    'write a short title',
  ])('types ordinary input such as %j', (text) => {
    expect(detectBackgroundRequest([user(text)])).toBeUndefined();
  });

  it('only looks at the final message for Open WebUI tasks', () => {
    expect(detectBackgroundRequest([user('### Task:\nGenerate tags'), user('pwd')])).toBeUndefined();
  });
});
