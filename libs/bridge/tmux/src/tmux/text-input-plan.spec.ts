import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { LONG_LINE_BYTES, normalizeInputText, planTextInput } from './text-input-plan';

describe('text input plan', () => {
  it('types ordinary single lines literally, including key names and leading dashes', () => {
    for (const text of ['echo hi', 'Enter', 'C-c', '-R', 'a;b', '#(id)', 'héllo 🙂']) {
      expect(planTextInput(text)).toEqual([{ kind: 'literal', text }]);
    }
  });

  it('pastes text ending in ";" (a tmux command separator at the end of an argument)', () => {
    expect(planTextInput('echo a;')).toEqual([{ kind: 'paste', text: 'echo a;' }]);
    expect(planTextInput(';')).toEqual([{ kind: 'paste', text: ';' }]);
    expect(planTextInput('find . -exec true {} \\;')).toEqual([
      { kind: 'paste', text: 'find . -exec true {} \\;' },
    ]);
  });

  it('pastes text with control characters (tab, escape, NUL) byte for byte', () => {
    for (const text of ['a\tb', 'x\u001b[A', 'nul\u0000byte', 'del\u007f']) {
      expect(planTextInput(text)).toEqual([{ kind: 'paste', text }]);
    }
  });

  it('pastes multi-line and long text', () => {
    expect(planTextInput('a\nb')).toEqual([{ kind: 'paste', text: 'a\nb' }]);
    expect(planTextInput('a\r\nb\rc')).toEqual([{ kind: 'paste', text: 'a\nb\nc' }]);
    const long = 'x'.repeat(LONG_LINE_BYTES + 1);
    expect(planTextInput(long)).toEqual([{ kind: 'paste', text: long }]);
  });

  it('drops trailing line breaks and types nothing for empty text (Enter alone follows)', () => {
    expect(planTextInput('ls\n')).toEqual([{ kind: 'literal', text: 'ls' }]);
    expect(planTextInput('')).toEqual([]);
    expect(planTextInput('\n\n')).toEqual([]);
  });

  it('never hands send-keys a control character or a trailing ";"', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', ';', '\n', '\r', '\t', '\u0000', ' ', '-', 'é', "'") }),
        (text) => {
          for (const step of planTextInput(text)) {
            if (step.kind === 'literal') {
              expect(step.text).not.toMatch(/\p{Cc}/u);
              expect(step.text.endsWith(';')).toBe(false);
            }
            expect(step.text.length).toBeGreaterThan(0);
          }
        },
      ),
    );
  });

  describe('normalising line breaks', () => {
    it('turns CR and CRLF into LF and drops trailing line breaks only', () => {
      fc.assert(
        fc.property(fc.string({ unit: fc.constantFrom('a', '\n', '\r', ' ', ';') }), (text) => {
          const lines = text.replace(/\r\n?/g, '\n');
          let end = lines.length;
          while (lines[end - 1] === '\n') end -= 1;
          expect(normalizeInputText(text)).toBe(lines.slice(0, end));
        }),
      );
    });

    it('handles a maximum-size run of line breaks followed by text (the quadratic shape of /\\n+$/)', () => {
      const hostile = `${'\n'.repeat(200_000)}x`;
      expect(normalizeInputText(hostile)).toBe(hostile);
      expect(normalizeInputText(`${'\r\n'.repeat(200_000)}x\n`)).toBe(`${'\n'.repeat(200_000)}x`);
    });
  });
});
