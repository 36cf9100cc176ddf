// Message text starting with a slash is a control command (spec 4.4), not terminal input.
// Two slashes escape it: `//usr/bin/env` types `/usr/bin/env`.

export type ChatInput =
  | { readonly kind: 'text'; readonly text: string }
  | {
      readonly kind: 'command';
      readonly name: string;
      readonly args: readonly string[];
      readonly rest: string;
    };

export function parseChatInput(text: string): ChatInput {
  if (text.startsWith('//')) return { kind: 'text', text: text.slice(1) };
  if (!text.startsWith('/')) return { kind: 'text', text };
  const body = text.slice(1).trim();
  const space = body.search(/\s/);
  const name = (space === -1 ? body : body.slice(0, space)).toLowerCase();
  const rest = space === -1 ? '' : body.slice(space).trim();
  return { kind: 'command', name, args: rest === '' ? [] : rest.split(/\s+/), rest };
}
