import { describe, expect, it } from '@jest/globals';
import { parseChatInput } from './control-command.parser';

describe('control command parsing', () => {
  it('reads the command name, its words and the raw rest of the line', () => {
    expect(parseChatInput('/new build   npm run  watch')).toEqual({
      kind: 'command',
      name: 'new',
      args: ['build', 'npm', 'run', 'watch'],
      rest: 'build   npm run  watch',
    });
    expect(parseChatInput('/LIST')).toEqual({ kind: 'command', name: 'list', args: [], rest: '' });
    expect(parseChatInput('/keys C-c')).toMatchObject({ name: 'keys', args: ['C-c'] });
  });

  it('leaves other text alone and lets two slashes type a leading slash', () => {
    expect(parseChatInput('ls /tmp')).toEqual({ kind: 'text', text: 'ls /tmp' });
    expect(parseChatInput('//usr/bin/env')).toEqual({ kind: 'text', text: '/usr/bin/env' });
    expect(parseChatInput('')).toEqual({ kind: 'text', text: '' });
  });

  it('reads a bare slash as an unnamed command', () => {
    expect(parseChatInput('/')).toEqual({ kind: 'command', name: '', args: [], rest: '' });
  });
});
