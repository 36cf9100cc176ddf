// Reads the JSON-RPC messages in a body or an SSE event far enough to match faults against them,
// and produces the replacement text of the `malformed` fault.
import { parseJsonRpc } from '@platform/jsonrpc';
import type { JsonRpcId, JsonRpcMessageClassification } from '@platform/jsonrpc';
import type { MalformedVariant } from './fault.types';

/** What fault matching looks at: a method and, for `tools/call`, the tool name. */
export interface MessageSubject {
  readonly method?: string;
  readonly tool?: string;
}

export interface TrafficMessage {
  readonly kind: 'request' | 'notification' | 'response';
  /** `idKey` of the id, for requests and responses. */
  readonly idKey?: string;
  /** The message's own method and tool; empty for a response. */
  readonly subject: MessageSubject;
}

/**
 * The messages in `text` (one, or a batch), or undefined when it is not JSON-RPC at all. Invalid
 * batch elements are skipped: they match nothing and are relayed unchanged with the rest.
 */
export function readJsonRpcMessages(text: string): TrafficMessage[] | undefined {
  const classification = parseJsonRpc(text);
  if (classification.kind === 'batch') {
    return classification.items.flatMap((item) => {
      const message = toTrafficMessage(item);
      return message === undefined ? [] : [message];
    });
  }
  const message = toTrafficMessage(classification);
  return message === undefined ? undefined : [message];
}

/** A map key that keeps an id's type: `"1"` and `1` differ. */
export function idKey(id: JsonRpcId): string {
  return JSON.stringify(id);
}

function toTrafficMessage(classification: JsonRpcMessageClassification): TrafficMessage | undefined {
  switch (classification.kind) {
    case 'request': {
      const { id, method, params } = classification.message;
      return { kind: 'request', idKey: idKey(id), subject: subjectOf(method, params) };
    }
    case 'notification': {
      const { method, params } = classification.message;
      return { kind: 'notification', subject: subjectOf(method, params) };
    }
    case 'response':
      return { kind: 'response', idKey: idKey(classification.message.id), subject: {} };
    case 'invalid':
      return undefined;
  }
}

function subjectOf(method: string, params: unknown): MessageSubject {
  if (method !== 'tools/call' || typeof params !== 'object' || params === null) return { method };
  const name: unknown = (params as { name?: unknown }).name;
  return typeof name === 'string' ? { method, tool: name } : { method };
}

/** The `not-json-rpc` replacement: valid JSON, the original id kept, no `jsonrpc`/`result`/`error`. */
export const NOT_JSON_RPC_NOTE = 'FaultProxy: valid JSON, not a JSON-RPC message';

/**
 * Text that replaces a message for the `malformed` fault. `invalid-json`: the first half of the
 * original (a proper prefix of a JSON object or array never parses). `not-json-rpc`: an object
 * with the original id, when there was exactly one, and a note.
 */
export function malformedText(original: string, variant: MalformedVariant): string {
  switch (variant) {
    case 'invalid-json': {
      const trimmed = original.trim();
      return trimmed.slice(0, Math.max(1, Math.floor(trimmed.length / 2)));
    }
    case 'not-json-rpc': {
      const messages = readJsonRpcMessages(original) ?? [];
      const only = messages.length === 1 ? messages[0] : undefined;
      const id: unknown = only?.idKey === undefined ? undefined : JSON.parse(only.idKey);
      return JSON.stringify(id === undefined ? { note: NOT_JSON_RPC_NOTE } : { id, note: NOT_JSON_RPC_NOTE });
    }
  }
}
