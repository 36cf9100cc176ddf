import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  exactPaneTarget,
  exactSessionTarget,
  isValidSessionName,
  lowestFreeName,
  sessionNameProblem,
} from './session-name';

describe('session names', () => {
  it.each(['dev', 'term-1', 'a', '0', 'A_b-9', 'x'.repeat(64)])('accepts %j', (name) => {
    expect(sessionNameProblem(name)).toBeUndefined();
  });

  it.each([
    ['', 'empty'],
    ['x#(touch /tmp/pwned)', 'shell format'],
    ['x#{pane_id}', 'format'],
    ['foo:0', 'window separator (tmux rewrites it)'],
    ['a.b', 'pane separator (tmux rewrites it)'],
    ['-t', 'leading dash (an option to getopt)'],
    ['_x', 'leading underscore'],
    ['sp ace', 'space'],
    ['x$y', 'dollar'],
    ['=dev', 'exact-match prefix'],
    ['%1', 'pane id'],
    ['$0', 'session id'],
    ['dév', 'non-ASCII'],
    ['a;b', 'command separator'],
    ['x'.repeat(65), 'too long'],
    ['dev\n', 'trailing newline'],
  ])('refuses %j (%s)', (name) => {
    expect(sessionNameProblem(name)).toBe('invalid');
  });

  it('reserves "new" for the creation model', () => {
    expect(sessionNameProblem('new')).toBe('reserved');
    expect(sessionNameProblem('New')).toBeUndefined();
  });

  it('never accepts a character tmux treats specially, whatever surrounds it', () => {
    const special = fc.constantFrom(...'#{}():.$%@=;\'"\\~!^+*?[] \t\n'.split(''));
    fc.assert(
      fc.property(fc.string(), special, fc.string(), (before, character, after) => {
        expect(isValidSessionName(`a${before}${character}${after}`)).toBe(false);
      }),
    );
  });

  it('targets sessions exactly and refuses unvalidated names', () => {
    expect(exactSessionTarget('dev')).toBe('=dev');
    expect(exactPaneTarget('dev')).toBe('=dev:');
    expect(() => exactSessionTarget('sp ace')).toThrow(TypeError);
    expect(() => exactPaneTarget('x#(id)')).toThrow(TypeError);
  });

  it('picks the lowest free term-<n>', () => {
    expect(lowestFreeName([])).toBe('term-1');
    expect(lowestFreeName(['term-1', 'term-3', 'dev'])).toBe('term-2');
    expect(lowestFreeName(['term-1', 'term-2'])).toBe('term-3');
  });

  it('always picks a name that is valid and not taken', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 40 })), (numbers) => {
        const taken = numbers.map((number) => `term-${number}`);
        const chosen = lowestFreeName(taken);
        expect(taken).not.toContain(chosen);
        expect(isValidSessionName(chosen)).toBe(true);
      }),
    );
  });
});
