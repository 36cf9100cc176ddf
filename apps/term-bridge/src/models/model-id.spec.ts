import { describe, expect, it } from '@jest/globals';
import { modelIdOf, parseModelId } from './model-id';

describe('model ids', () => {
  it('names sessions and the creation model', () => {
    expect(parseModelId('term:new')).toEqual({ kind: 'new' });
    expect(parseModelId('term:dev')).toEqual({ kind: 'session', name: 'dev' });
    expect(modelIdOf('term-3')).toBe('term:term-3');
  });

  it.each([
    'dev',
    'tmux:dev',
    'term:',
    'term:a.b',
    'term:x#(id)',
    'term:foo:0',
    'term: dev',
    'TERM:dev',
    'gpt-4o',
  ])('never names a model with %j', (id) => {
    expect(parseModelId(id)).toBeUndefined();
  });
});
