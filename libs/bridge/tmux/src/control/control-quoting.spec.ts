import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { quoteControlArgument, unquoteControlArguments } from './control-quoting';

describe('control-mode quoting', () => {
  it('single-quotes text and writes a quote as close, escaped quote, reopen', () => {
    expect(quoteControlArgument('echo a;')).toBe("'echo a;'");
    expect(quoteControlArgument("it's")).toBe("'it'\\''s'");
    expect(quoteControlArgument('')).toBe("''");
  });

  it('refuses control characters (a line break would end the command)', () => {
    for (const text of ['a\nkill-server', 'a\r', '\u0000', '\t', '\u001b'])
      expect(() => quoteControlArgument(text)).toThrow(TypeError);
  });

  it('always reads back as exactly one word with the original text', () => {
    fc.assert(
      fc.property(
        fc
          .oneof(
            fc.string({ unit: 'binary' }),
            fc.string({
              unit: fc.constantFrom("'", '\\', ';', '#', '$', '~', '{', '}', ' ', '"', '%', 'é', '🙂'),
            }),
          )
          .filter((text) => !/\p{Cc}/u.test(text)),
        (text) => {
          expect(unquoteControlArguments(`send-keys -l -- ${quoteControlArgument(text)}`)).toEqual([
            'send-keys',
            '-l',
            '--',
            text,
          ]);
        },
      ),
    );
  });
});
