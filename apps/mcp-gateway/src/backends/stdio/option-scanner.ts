// Reads the options a program gets before its first positional word (script, module,
// package or subcommand) and refuses the ones that run code given on the command line.
//
// When the policy cannot tell whether an option takes a value (`node --title x -e …`), it
// assumes both readings: the next word may be the program *and* scanning goes on, so
// ambiguity can only make the policy stricter, never let a flag through.

export interface OptionGrammar {
  /** Long names (lower case, `_` read as `-`) refused outright, with the reason. */
  readonly refusedLong: ReadonlyMap<string, string>;
  /** Long-name prefixes refused (`inspect` covers `--inspect-brk`, `--inspect-wait`...). */
  readonly refusedPrefixes?: readonly string[];
  /** npm-style parsing: any number of dashes, unambiguous abbreviations (`--cal` is `--call`). */
  readonly npmStyle?: boolean;
  /** Short letters (case-sensitive) refused, with the reason. */
  readonly refusedShort: ReadonlyMap<string, string>;
  readonly valueLong: ReadonlySet<string>;
  readonly switchLong: ReadonlySet<string>;
  /** Short letters whose value is the rest of the word or the next word. */
  readonly valueShort: string;
  readonly switchShort: string;
}

export interface RefusedOption {
  readonly token: string;
  readonly reason: string;
}

export interface OptionScan {
  readonly refused?: RefusedOption;
  /** Indexes where the program's first positional word may be (several when ambiguous). */
  readonly programStarts: readonly number[];
}

type ValueExpectation = 'none' | 'value' | 'maybe';

export function scanOptions(args: readonly string[], grammar: OptionGrammar): OptionScan {
  const programStarts: number[] = [];
  let expectation: ValueExpectation = 'none';
  for (let index = 0; index < args.length; index += 1) {
    const word = args[index] ?? '';
    if (word === '--') {
      if (index + 1 < args.length) programStarts.push(index + 1);
      return { programStarts };
    }
    if (word.startsWith('-') && word !== '-') {
      const refused = refusalOf(word, grammar);
      if (refused !== undefined) return { refused: { token: word, reason: refused }, programStarts };
      expectation = expectationAfter(word, grammar);
      continue;
    }
    if (expectation === 'value') {
      expectation = 'none';
      continue;
    }
    programStarts.push(index);
    if (expectation === 'none') return { programStarts };
    expectation = 'none';
  }
  return { programStarts };
}

/** `--Inspect_Brk=1` → `inspect-brk`; npm style also strips any number of dashes. */
export function longOptionName(word: string): string {
  const name = word.replace(/^-+/, '').split('=')[0] ?? '';
  return name.toLowerCase().replace(/_/g, '-');
}

function isLong(word: string, grammar: OptionGrammar): boolean {
  return word.startsWith('--') || (grammar.npmStyle === true && word.length > 2);
}

function refusalOf(word: string, grammar: OptionGrammar): string | undefined {
  if (isLong(word, grammar)) {
    const name = longOptionName(word);
    for (const [refused, reason] of grammar.refusedLong) {
      if (name === refused || (grammar.npmStyle === true && name.length > 0 && refused.startsWith(name))) {
        return reason;
      }
    }
    const prefix = grammar.refusedPrefixes?.find((candidate) => name.startsWith(candidate));
    if (prefix !== undefined) return grammar.refusedLong.get(prefix) ?? `option --${prefix}… is refused`;
    if (word.startsWith('--')) return undefined;
  }
  // A short cluster: letters up to the first one that takes a value (the rest is that value).
  for (const letter of word.slice(1)) {
    const reason = grammar.refusedShort.get(letter);
    if (reason !== undefined) return reason;
    if (grammar.valueShort.includes(letter)) return undefined;
  }
  return undefined;
}

function expectationAfter(word: string, grammar: OptionGrammar): ValueExpectation {
  if (word.startsWith('--')) {
    if (word.includes('=')) return 'none';
    const name = longOptionName(word);
    if (grammar.valueLong.has(name)) return 'value';
    if (grammar.switchLong.has(name) || name.startsWith('no-')) return 'none';
    return 'maybe';
  }
  const letters = word.slice(1);
  for (let index = 0; index < letters.length; index += 1) {
    if (grammar.valueShort.includes(letters.charAt(index))) {
      return index === letters.length - 1 ? 'value' : 'none';
    }
  }
  const last = letters.charAt(letters.length - 1);
  return grammar.switchShort.includes(last) && !word.includes('=') ? 'none' : 'maybe';
}
