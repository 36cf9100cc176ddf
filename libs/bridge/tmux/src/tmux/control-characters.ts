// The one definition of "control character" for typing: C0 controls (line breaks, tab, escape,
// NUL), DEL and C1 controls. Text with any of them is pasted, never passed to `send-keys`.

const CONTROL_CHARACTER = /\p{Cc}/u;

export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}
