// Recognising that a program waits for input, from the row the cursor is on: the shell prompt
// the turn started from coming back exactly, or a line that ends like a prompt does.

export type PromptMatch = 'exact' | 'pattern';

/**
 * Endings of prompts and questions that wait for an answer: `$ # % > ❯ »` (shells, REPLs),
 * `[y/N]`-style questions, password prompts and IPython's `In [n]:`.
 */
const PROMPT_ENDING = /(?:[$#%>❯»]|\[[yYnN]\/[yYnN]\]|\([yYnN]\/[yYnN]\)|[Pp]assword:?|In \[\d+\]:)\s*$/;

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
