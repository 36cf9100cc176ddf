import fc from 'fast-check';
import { comparableName, foldAsciiCase, trimAsciiWhitespace } from './ascii-text';
import { decideScopeAccess } from './scope-access.policy';

/** Letters and spaces that Unicode case mapping, NFKC or Unicode trimming fold onto others. */
const CONFUSABLE = [
  'k',
  'K',
  '\u212A',
  's',
  'S',
  '\u017F',
  'i',
  'I',
  '\u0130',
  '\u0131',
  'o',
  '\uFF4F',
  '\uFF2F',
  '\u00E9',
  'e\u0301',
  '\u03C3',
  '\u03C2',
  '\u03A3',
  '\u00DF',
  '\uFB00',
  'f',
  ' ',
  '\u00A0',
  '\u3000',
  '\t',
];
const confusableText = fc
  .array(fc.constantFrom(...CONFUSABLE), { minLength: 1, maxLength: 8 })
  .map((parts) => parts.join(''));

/** The rule spelled out per character: what the two texts must agree on to be one name. */
function sameNameByDefinition(left: string, right: string): boolean {
  const strip = (text: string): string => text.replace(/^[\t\n\v\f\r ]+|[\t\n\v\f\r ]+$/g, '');
  const [a, b] = [strip(left), strip(right)];
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index += 1) {
    const [x, y] = [a.charCodeAt(index), b.charCodeAt(index)];
    const lower = (code: number): number => (code >= 0x41 && code <= 0x5a ? code + 0x20 : code);
    if (lower(x) !== lower(y)) return false;
  }
  return true;
}

describe('foldAsciiCase', () => {
  it('lowercases A-Z and leaves every other character alone', () => {
    expect(foldAsciiCase('KARL \u212Aarl \u0130nge \u00C5 \uFF2B \u03A3')).toBe(
      'karl \u212Aarl \u0130nge \u00C5 \uFF2B \u03A3',
    );
  });

  it('changes nothing in a string without A-Z', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const withoutAsciiCapitals = text.replace(/[A-Z]/g, '');
        expect(foldAsciiCase(withoutAsciiCapitals)).toBe(withoutAsciiCapitals);
      }),
    );
  });
});

describe('trimAsciiWhitespace', () => {
  it('trims ASCII whitespace and keeps other spaces', () => {
    expect(trimAsciiWhitespace('\t ops \r\n')).toBe('ops');
    expect(trimAsciiWhitespace('\u00A0ops\u3000')).toBe('\u00A0ops\u3000');
    expect(trimAsciiWhitespace(' \u00A0 ')).toBe('\u00A0');
    expect(trimAsciiWhitespace('   ')).toBe('');
  });
});

describe('comparableName', () => {
  it('makes two names one exactly when they differ only in ASCII case and surrounding ASCII whitespace', () => {
    fc.assert(
      fc.property(confusableText, confusableText, (left, right) => {
        expect(comparableName(left) === comparableName(right)).toBe(sameNameByDefinition(left, right));
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps the Kelvin sign, long s, dotted and dotless i, fullwidth letters and ligatures apart from ASCII', () => {
    for (const [name, lookAlike] of [
      ['\u212Aarl', 'karl'],
      ['\u017Fam', 'sam'],
      ['\u0130nge', 'inge'],
      ['\u0131nge', 'inge'],
      ['\uFF4Fps', 'ops'],
      ['o\uFB00ice', 'office'],
      ['jose\u0301', 'jos\u00E9'],
      ['\u03BF\u03B4\u03BF\u03C2', '\u03BF\u03B4\u03BF\u03C3'],
      ['ops\u00A0', 'ops'],
    ]) {
      expect(comparableName(name ?? '')).not.toBe(comparableName(lookAlike ?? ''));
    }
  });
});

describe('scope matching over look-alike names', () => {
  const context = { categoriesOf: (): readonly string[] => ['kids'] };

  it('a tool scope covers a target exactly when the two are one name', () => {
    fc.assert(
      fc.property(confusableText, confusableText, (scoped, requested) => {
        // Control characters make a scope invalid, which is another test's business.
        fc.pre(!scoped.includes('\t') && !requested.includes('\t'));
        const scope = `tool:files__x${scoped.trim()}`;
        const target = `files__x${requested.trim()}`;
        const decision = decideScopeAccess([scope], { method: 'tools/call', target }, context);
        expect(decision.allowed).toBe(sameNameByDefinition(`x${scoped.trim()}`, `x${requested.trim()}`));
      }),
      { numRuns: 1000 },
    );
  });

  it('a category scope does not cover a server whose category only looks the same', () => {
    const kelvin = { categoriesOf: (): readonly string[] => ['\u212Aids'] };
    expect(
      decideScopeAccess(['category:kids'], { method: 'tools/call', target: 'media__play' }, kelvin).allowed,
    ).toBe(false);
    expect(
      decideScopeAccess(['category:KIDS'], { method: 'tools/call', target: 'media__play' }, context).allowed,
    ).toBe(true);
  });
});
