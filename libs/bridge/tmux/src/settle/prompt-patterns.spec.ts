import { describe, expect, it } from '@jest/globals';
import { matchPrompt } from './prompt-patterns';

describe('prompt recognition', () => {
  it('recognises the starting prompt coming back exactly', () => {
    expect(matchPrompt('user@host:~/src (main)* ', 'user@host:~/src (main)* ')).toBe('exact');
    expect(matchPrompt('bash-5.2#', 'bash-5.2# ')).toBe('exact');
  });

  it.each([
    'bash-5.2# ',
    'me@box:/tmp$ ',
    '% ',
    '>>> ',
    '❯ ',
    'Continue? [y/N] ',
    'Password: ',
    'In [3]: ',
    'mysql> ',
    '[sudo] password for karl: ',
    "Enter passphrase for key '/home/karl/.ssh/id_ed25519': ",
    'Are you sure you want to continue connecting (yes/no/[fingerprint])? ',
  ])('recognises %j as waiting for input', (line) => {
    expect(matchPrompt(line, 'other$ ')).toBe('pattern');
  });

  it.each([
    '',
    '   ',
    'compiling 3 of 10',
    'downloading... 45',
    'hello world',
    'my password for the site',
    `${'$ '.repeat(100_000)}x`,
    `${'In ['.repeat(100_000)}1`,
  ])('does not treat %j as a prompt', (line) => {
    expect(matchPrompt(line, 'bash-5.2# ')).toBeUndefined();
  });

  it('does not call an empty starting prompt an exact match', () => {
    expect(matchPrompt('output', '')).toBeUndefined();
  });
});
