// What an empty search tells the agent. There is no fallback list of unrelated tools: the message
// says why nothing was found and what to try. It only ever names servers the caller can see.
import type { EmptySearchReason } from './tool-search.types';

/** The list of searchable servers in a message stops here; long lists cost more than they help. */
const MAX_NAMED_SERVERS = 20;

export interface EmptySearchContext {
  readonly query: string;
  readonly server?: string;
  /** Server ids the caller can see (sorted), for the unknown-server message. */
  readonly visibleServerIds: readonly string[];
}

export function emptySearchMessage(reason: EmptySearchReason, context: EmptySearchContext): string {
  switch (reason) {
    case 'no-tools':
      return context.server === undefined
        ? 'No tools are available to you.'
        : `No server or category named '${context.server}' has tools available to you. ${serversHint(context)}`;
    case 'no-terms':
      return (
        `The query '${context.query}' has no searchable words, only common ones such as 'a', 'to' or ` +
        `'please'. Name the action and the object, for example 'create issue' or 'read file'.`
      );
    case 'no-match':
      return (
        `No tools match '${context.query}'${context.server === undefined ? '' : ` in '${context.server}'`}. ` +
        `Try broader or different words (the action and the object, for example 'list files' or ` +
        `'send message'), check the spelling${context.server === undefined ? '' : ', or search without the server filter'}.`
      );
  }
}

function serversHint(context: EmptySearchContext): string {
  const ids = context.visibleServerIds;
  if (ids.length === 0) return 'No tools are available to you.';
  const named = ids.slice(0, MAX_NAMED_SERVERS).join(', ');
  const more = ids.length > MAX_NAMED_SERVERS ? ` and ${ids.length - MAX_NAMED_SERVERS} more` : '';
  return `Servers you can search: ${named}${more}.`;
}
