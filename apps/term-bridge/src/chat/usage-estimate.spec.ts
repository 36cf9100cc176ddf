import { describe, expect, it } from '@jest/globals';
import { estimateTokens, estimateUsage } from './usage-estimate';

describe('usage estimate', () => {
  it('counts about four characters per token, rounding up, by code point', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('ls')).toBe(1);
    expect(estimateTokens('echo')).toBe(1);
    expect(estimateTokens('echo hi')).toBe(2);
    expect(estimateTokens('🙂🙂🙂🙂🙂')).toBe(2);
  });

  it('adds up', () => {
    expect(estimateUsage('echo hello', 'hello')).toEqual({
      prompt_tokens: 3,
      completion_tokens: 2,
      total_tokens: 5,
    });
  });
});
