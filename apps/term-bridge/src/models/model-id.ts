// Model ids: `term:<session>` for each tmux session and `term:new`, which creates one.
import { isValidSessionName, RESERVED_SESSION_NAMES } from '@platform/tmux';

export const MODEL_PREFIX = 'term:';
export const NEW_SESSION_MODEL = 'term:new';
/** `owned_by` of every model: names the bridge. */
export const MODEL_OWNER = 'term-bridge';

export type ModelTarget = { readonly kind: 'new' } | { readonly kind: 'session'; readonly name: string };

/** The target of a model id, or `undefined` when the id can never name a model. */
export function parseModelId(id: string): ModelTarget | undefined {
  if (id === NEW_SESSION_MODEL) return { kind: 'new' };
  if (!id.startsWith(MODEL_PREFIX)) return undefined;
  const name = id.slice(MODEL_PREFIX.length);
  return isValidSessionName(name) && !RESERVED_SESSION_NAMES.has(name)
    ? { kind: 'session', name }
    : undefined;
}

export function modelIdOf(sessionName: string): string {
  return `${MODEL_PREFIX}${sessionName}`;
}
