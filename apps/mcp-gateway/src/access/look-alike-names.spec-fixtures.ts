// Pairs of different names that some Unicode-aware comparison merges: toLowerCase or
// toUpperCase, SQL lower() under a Unicode collation, NFC/NFKC normalization, locale-aware
// comparison, Unicode trimming. The gateway must keep every pair apart wherever it compares
// names (docs/decisions/019). Imported by *.spec.ts files only.
import fc from 'fast-check';

export interface LookAlikePair {
  readonly label: string;
  readonly name: string;
  /** What a Unicode-aware comparison turns `name` into, or treats as equal to it. */
  readonly lookAlike: string;
}

export const LOOK_ALIKE_PAIRS: readonly LookAlikePair[] = [
  { label: 'Kelvin sign', name: '\u212Aarl', lookAlike: 'karl' },
  { label: 'Kelvin sign against capital K', name: '\u212Aarl', lookAlike: 'Karl' },
  { label: 'long s', name: '\u017Fam', lookAlike: 'sam' },
  { label: 'dotted capital I', name: '\u0130nge', lookAlike: 'inge' },
  { label: 'dotless small i', name: '\u0131nge', lookAlike: 'Inge' },
  { label: 'Turkish upper case', name: 'KIRMIZI', lookAlike: 'k\u0131rm\u0131z\u0131' },
  { label: 'fullwidth letters', name: '\uFF4F\uFF50\uFF53', lookAlike: 'ops' },
  { label: 'fullwidth capitals', name: '\uFF2F\uFF30\uFF33', lookAlike: 'ops' },
  { label: 'ligature ff', name: 'o\uFB00ice', lookAlike: 'office' },
  { label: 'ligature fi', name: '\uFB01nance', lookAlike: 'finance' },
  { label: 'combining acute against precomposed', name: 'Jose\u0301', lookAlike: 'Jos\u00E9' },
  { label: 'Greek final sigma', name: '\u03BF\u03B4\u03BF\u03C2', lookAlike: '\u03BF\u03B4\u03BF\u03C3' },
  { label: 'Greek capitals', name: '\u039F\u0394\u039F\u03A3', lookAlike: '\u03BF\u03B4\u03BF\u03C2' },
  { label: 'sharp s', name: 'stra\u00DFe', lookAlike: 'strasse' },
  { label: 'Angstrom sign', name: '\u212Bngstr\u00F6m', lookAlike: '\u00C5ngstr\u00F6m' },
  { label: 'Ohm sign', name: '\u2126mega', lookAlike: '\u03A9mega' },
  { label: 'mathematical bold', name: '\uD835\uDC28\uD835\uDC29\uD835\uDC2C', lookAlike: 'ops' },
  { label: 'Roman numeral', name: '\u2168', lookAlike: 'IX' },
  { label: 'superscript two', name: 'ops\u00B2', lookAlike: 'ops2' },
  { label: 'trailing no-break space', name: 'ops\u00A0', lookAlike: 'ops' },
  { label: 'leading ideographic space', name: '\u3000ops', lookAlike: 'ops' },
];

/** Whether some Unicode-aware comparison people reach for would call the two names one. */
export function someUnicodeComparisonMerges(left: string, right: string): boolean {
  const forms = (text: string): string[] => [
    text.toLowerCase(),
    text.toUpperCase(),
    text.toLocaleLowerCase('tr'),
    text.normalize('NFC').toLowerCase(),
    text.normalize('NFKC').toLowerCase(),
    text.normalize('NFKC').toUpperCase(),
    text.trim(),
  ];
  const rightForms = new Set(forms(right));
  return (
    forms(left).some((form) => rightForms.has(form)) ||
    left.localeCompare(right, undefined, { sensitivity: 'base' }) === 0
  );
}

/** A look-alike pair, for fast-check properties. */
export const lookAlikePair = fc.constantFrom(...LOOK_ALIKE_PAIRS);

/**
 * Short names over an alphabet of ASCII letters and characters that fold onto them (or onto
 * each other) under Unicode rules, for properties over arbitrary pairs.
 */
export const confusableName = fc
  .array(
    fc.constantFrom(
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
      'ss',
      '\uFB00',
      'ff',
      ' ',
      '\u00A0',
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((parts) => parts.join(''));
