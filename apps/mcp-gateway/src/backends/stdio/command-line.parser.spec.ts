// The command-line grammar: words, quotes, escapes, and refusal of unbalanced quotes.
import fc from 'fast-check';
import { parseCommandLine } from './command-line.parser';

function words(text: string): readonly string[] | undefined {
  const parsed = parseCommandLine(text);
  return parsed.ok ? parsed.tokens : undefined;
}

describe('parseCommandLine', () => {
  it.each([
    ['node server.js', ['node', 'server.js']],
    ['  node\t server.js  ', ['node', 'server.js']],
    ["npx -y '@scope/server x'", ['npx', '-y', '@scope/server x']],
    ['node "dir with space/server.js" --flag', ['node', 'dir with space/server.js', '--flag']],
    ['--name="a b"c', ['--name=a bc']],
    ['say "she said \\"hi\\"" \'\\n stays\'', ['say', 'she said "hi"', '\\n stays']],
    ['"back\\\\slash" "\\x kept"', ['back\\slash', '\\x kept']],
    ['C:\\tools\\server.exe --root C:\\data', ['C:\\tools\\server.exe', '--root', 'C:\\data']],
    ['node "" \'\'', ['node', '', '']],
    ['', []],
    ['   ', []],
  ])('splits %j', (text, expected) => {
    expect(words(text)).toEqual(expected);
  });

  it.each([['node "server.js'], ["npx 'pkg"], ['a "b\\"'], ['x "ok" "']])(
    'refuses the unbalanced %j',
    (text) => {
      const parsed = parseCommandLine(text);
      expect(parsed.ok).toBe(false);
    },
  );

  it('names the unterminated word', () => {
    expect(parseCommandLine('node --x "abc')).toEqual({
      ok: false,
      reason: 'unbalanced-quote',
      fragment: '"abc',
    });
  });

  it('never throws, and plain words separated by spaces come back unchanged', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        parseCommandLine(text);
      }),
    );
    const plainWord = fc.stringMatching(/^[^\s'"]+$/);
    fc.assert(
      fc.property(fc.array(plainWord, { maxLength: 8 }), (list) => {
        expect(words(list.join(' '))).toEqual(list);
      }),
    );
  });

  it('round-trips any words written in single quotes', () => {
    const word = fc.string().filter((text) => !text.includes("'"));
    fc.assert(
      fc.property(fc.array(word, { maxLength: 6 }), (list) => {
        expect(words(list.map((item) => `'${item}'`).join(' '))).toEqual(list);
      }),
    );
  });

  it('round-trips any words written in double quotes with \\" and \\\\ escaped', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 6 }), (list) => {
        const line = list.map((item) => `"${item.replace(/[\\"]/g, (char) => `\\${char}`)}"`).join('\t');
        expect(words(line)).toEqual(list);
      }),
    );
  });
});
