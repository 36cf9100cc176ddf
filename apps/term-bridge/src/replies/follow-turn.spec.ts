import { describe, expect, it } from '@jest/globals';
import type { Caller } from '../auth/api-key.verifier';
import { chatTurnContext } from './follow-turn';

describe('chatTurnContext', () => {
  const caller: Caller = { keyId: 'key-0123456789ab' };
  const signal = new AbortController().signal;

  it('types through the chat channel with the caller, the stream flag and the request id', () => {
    expect(chatTurnContext({ caller, stream: true, requestId: 'req-1' }, signal)).toEqual({
      caller,
      channel: 'chat',
      signal,
      stream: true,
      requestId: 'req-1',
    });
  });

  it('leaves out a request id that was not sent, so the audit row has none', () => {
    const context = chatTurnContext({ caller, stream: false }, signal);
    expect(context).not.toHaveProperty('requestId');
    expect(context.stream).toBe(false);
  });
});
