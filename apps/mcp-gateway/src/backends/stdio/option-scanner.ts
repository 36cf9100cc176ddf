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
  /** GNU getopt_long: a long name may be abbreviated (`--sou` is gawk's `--source`). */
  readonly abbreviations?: boolean;
  /** Short letters (case-sensitive) refused, with the reason. */
  readonly refusedShort: ReadonlyMap<string, string>;
  readonly valueLong: ReadonlySet<string>;
  readonly switchLong: ReadonlySet<string>;
  /** Short letters whose value is the rest of the word or the next word. */
  readonly valueShort: string;
  /**
   * Short letters whose optional value is attached only, with what the value may consume
   * (anchored): perl's `-i.bak` takes the rest of the word, `-l` octal digits, so `-lne` is
   * `-l -n -e` and `-CSDe` ends in `-e`.
   */
  readonly attachedValueShort?: ReadonlyMap<string, RegExp>;
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

export type ValueExpectation = 'none' | 'value' | 'maybe';

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

/** Why `word` (an option) is refused by `grammar`, or undefined when it is not. */
export function refusalOf(word: string, grammar: OptionGrammar): string | undefined {
  if (isLong(word, grammar)) {
    const name = longOptionName(word);
    const abbreviates = grammar.npmStyle === true || grammar.abbreviations === true;
    for (const [refused, reason] of grammar.refusedLong) {
      if (name === refused || (abbreviates && name.length > 0 && refused.startsWith(name))) {
        return reason;
      }
    }
    const prefix = grammar.refusedPrefixes?.find((candidate) => name.startsWith(candidate));
    if (prefix !== undefined) return grammar.refusedLong.get(prefix) ?? `option --${prefix}… is refused`;
    if (word.startsWith('--')) return undefined;
  }
  for (const letter of readCluster(word, grammar).letters) {
    const reason = grammar.refusedShort.get(letter);
    if (reason !== undefined) return reason;
  }
  return undefined;
}

/** Whether the option `word` takes the next word as its value: yes, no, or cannot tell. */
export function expectationAfter(word: string, grammar: OptionGrammar): ValueExpectation {
  if (word.startsWith('--')) {
    if (word.includes('=')) return 'none';
    const name = longOptionName(word);
    if (grammar.valueLong.has(name)) return 'value';
    if (grammar.switchLong.has(name) || name.startsWith('no-')) return 'none';
    return 'maybe';
  }
  const cluster = readCluster(word, grammar);
  if (cluster.end !== 'letters') return cluster.end === 'value-in-next-word' ? 'value' : 'none';
  const last = cluster.letters[cluster.letters.length - 1] ?? '';
  if (grammar.attachedValueShort?.has(last) === true) return 'none';
  return grammar.switchShort.includes(last) && !word.includes('=') ? 'none' : 'maybe';
}

interface ShortCluster {
  /** The option letters in the order the program reads them, without attached values. */
  readonly letters: readonly string[];
  /** Whether the cluster ends with a letter that takes a value, and where that value is. */
  readonly end: 'letters' | 'value-in-word' | 'value-in-next-word';
}

/** Reads `-abc` as the program does: letters until one takes a value (the rest of the word, or the next word). */
function readCluster(word: string, grammar: OptionGrammar): ShortCluster {
  const letters: string[] = [];
  let index = 1;
  while (index < word.length) {
    const letter = word.charAt(index);
    letters.push(letter);
    index += 1;
    if (grammar.refusedShort.has(letter)) break;
    if (grammar.valueShort.includes(letter)) {
      return { letters, end: index === word.length ? 'value-in-next-word' : 'value-in-word' };
    }
    const attached = grammar.attachedValueShort?.get(letter);
    if (attached !== undefined) index += attached.exec(word.slice(index))?.[0].length ?? 0;
  }
  return { letters, end: 'letters' };
}
