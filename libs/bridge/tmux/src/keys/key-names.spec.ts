import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { parseKey, parseKeySequence } from './key-names';

describe('key allow-list', () => {
  it.each([
    ['Enter', 'Enter'],
    ['enter', 'Enter'],
    ['Return', 'Enter'],
    ['esc', 'Escape'],
    ['Escape', 'Escape'],
    ['tab', 'Tab'],
    ['shift-tab', 'BTab'],
    ['up', 'Up'],
    ['PageDown', 'PageDown'],
    ['F1', 'F1'],
    ['f12', 'F12'],
    ['C-c', 'C-c'],
    ['ctrl-D', 'C-d'],
    ['^z', 'C-z'],
    ['Backspace', 'BSpace'],
  ])('maps %j to the tmux key %s', (input, name) => {
    expect(parseKey(input)).toEqual({ kind: 'named', name });
  });

  it.each(['y', '1', ';', '-', '#', 'é', '🙂', '\\'])('sends the single character %j literally', (input) => {
    expect(parseKey(input)).toEqual({ kind: 'literal', text: input });
  });

  it.each([
    'F13',
    'C-1',
    'M-x',
    'Enter;',
    'send-keys',
    '-R',
    'C-c C-c',
    '',
    ' ',
    '\t',
    '\u0003',
    'ab',
    'run-shell',
  ])('refuses %j', (input) => {
    expect(parseKey(input)).toBeUndefined();
  });

  it('parses a sequence all or nothing', () => {
    expect(parseKeySequence('y Enter')).toEqual({
      ok: true,
      keys: [
        { kind: 'literal', text: 'y' },
        { kind: 'named', name: 'Enter' },
      ],
    });
    const refused = parseKeySequence('y kill-server');
    expect(refused.ok).toBe(false);
    expect(refused.ok ? '' : refused.problem).toContain('"kill-server"');
    expect(parseKeySequence('').ok).toBe(false);
    expect(parseKeySequence(Array.from({ length: 33 }, () => 'y')).ok).toBe(false);
  });

  it('never lets a multi-character word through as literal text', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 2, maxLength: 12 }), (word) => {
        const key = parseKey(word);
        if (key?.kind === 'literal') expect([...key.text]).toHaveLength(1);
        if (key?.kind === 'named') expect(key.name).toMatch(/^(?:[A-Z][A-Za-z]*|F\d{1,2}|C-[a-z])$/);
      }),
    );
  });

  it('refuses an oversized word before any other work, and quotes only its start', () => {
    const huge = `C-${'c'.repeat(1_000_000)}`;
    expect(parseKey(huge)).toBeUndefined();
    const refused = parseKeySequence([huge]);
    expect(refused.ok).toBe(false);
    expect(refused.ok ? '' : refused.problem.length).toBeLessThan(400);
  });
});
