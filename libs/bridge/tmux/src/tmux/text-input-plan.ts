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
  return text.replace(/\r\n?/g, '\n').replace(/\n+$/, '');
}

export function planTextInput(rawText: string): TextInputStep[] {
  const text = normalizeInputText(rawText);
  if (text === '') return [];
  const needsPaste =
    hasControlCharacter(text) || text.endsWith(';') || Buffer.byteLength(text) > LONG_LINE_BYTES;
  return [needsPaste ? { kind: 'paste', text } : { kind: 'literal', text }];
}
