// Recognising that a program waits for input, from the row the cursor is on: the shell prompt
// the turn started from coming back exactly, or a line that ends like a prompt does.

export type PromptMatch = 'exact' | 'pattern';

/**
 * Endings of prompts and questions that wait for an answer: `$ # % > ❯ »` (shells, REPLs),
 * `[y/N]`-style questions, password and passphrase prompts (`[sudo] password for me:`) and
 * IPython's `In [n]:`. Matched against a right-trimmed line, so it ends in `$` with no `\s*`
 * before it, and its only repetitions are bounded.
 */
const PROMPT_ENDING =
  /(?:[$#%>❯»]|\[[yYnN]\/[yYnN]\]|\((?:[yYnN]\/[yYnN]|yes\/no(?:\/\[fingerprint\])?)\)\??|[Pp]ass(?:word|phrase)(?: [^:\n]{1,80}:|:)?|In \[\d{1,9}\]:)$/;

/**
 * @param cursorLine the cursor's row up to the cursor
 * @param startPrompt the same row's text when the turn started (the prompt the command was typed at)
 */
export function matchPrompt(cursorLine: string, startPrompt: string): PromptMatch | undefined {
  const line = cursorLine.trimEnd();
  if (line === '') return undefined;
  if (startPrompt.trim() !== '' && line === startPrompt.trimEnd()) return 'exact';
  return PROMPT_ENDING.test(line) ? 'pattern' : undefined;
}
