// Quoting for commands written to a control-mode client, which tmux parses with its
// configuration-file syntax: inside single quotes every character is literal (no `$`, `~`, `#`,
// `;` or escape processing) up to the next single quote, and a quote itself is written as
// `'\''` (close, escaped quote, reopen). Line breaks and other control characters are refused:
// a line break would end the command.
import { hasControlCharacter } from '../tmux/control-characters';

export function quoteControlArgument(text: string): string {
  if (hasControlCharacter(text))
    throw new TypeError('control-mode arguments cannot contain control characters');
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** Reads a sequence of words the way tmux's parser reads this quoting (for tests). */
export function unquoteControlArguments(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  for (let index = 0; index < line.length; index += 1) {
    const character = line[index] as string;
    if (character === "'") {
      const end = line.indexOf("'", index + 1);
      if (end === -1) throw new SyntaxError('unterminated quote');
      word = (word ?? '') + line.slice(index + 1, end);
      index = end;
    } else if (character === '\\' && index + 1 < line.length) {
      word = (word ?? '') + line[index + 1];
      index += 1;
    } else if (character === ' ') {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else {
      word = (word ?? '') + character;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}
