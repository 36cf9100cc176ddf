// How a message's text is typed into a pane, decided once and tested on its own. Short lines of
// printable characters go through `send-keys -l --`; anything tmux's argument parser would
// mangle (a trailing `;` is a command separator), control characters, and anything multi-line or
// long go through a paste buffer, which tmux delivers as a bracketed paste when the program
// asked for one. Enter is never part of the text: the caller sends it as a separate key press.
import { hasControlCharacter } from './control-characters';

export type TextInputStep =
  { readonly kind: 'literal'; readonly text: string } | { readonly kind: 'paste'; readonly text: string };

/** Single lines longer than this are pasted: one burst for the program, one call for tmux. */
export const LONG_LINE_BYTES = 1024;

/** Normalises line breaks and drops trailing ones (the Enter that follows already ends the line). */
export function normalizeInputText(text: string): string {
  const normalized = text.replace(/\r\n?/g, '\n');
  // Not `/\n+$/`: on a long run of line breaks followed by other text, that pattern retries the
  // run from every position (quadratic time); this scan looks at each character once.
  let end = normalized.length;
  while (end > 0 && normalized.charCodeAt(end - 1) === 0x0a) end -= 1;
  return normalized.slice(0, end);
}

export function planTextInput(rawText: string): TextInputStep[] {
  const text = normalizeInputText(rawText);
  if (text === '') return [];
  const needsPaste =
    hasControlCharacter(text) || text.endsWith(';') || Buffer.byteLength(text) > LONG_LINE_BYTES;
  return [needsPaste ? { kind: 'paste', text } : { kind: 'literal', text }];
}
