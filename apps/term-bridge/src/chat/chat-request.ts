// Reads a chat completion request the way real clients send it: only `model`, `messages`,
// `stream` and `stream_options` matter, every other field is ignored (clients send many), and
// the final message — which must be the user's — is the input; history is ignored.
import { BridgeErrors } from '../errors/bridge-errors';

export interface ChatMessageText {
  readonly role: string;
  readonly text: string;
}

export interface ChatRequest {
  readonly model: string;
  /** The text of the final (user) message: what gets typed. */
  readonly text: string;
  readonly stream: boolean;
  /** `stream_options.include_usage`: send a usage chunk before `[DONE]`. */
  readonly includeUsage: boolean;
  readonly messages: readonly ChatMessageText[];
}

export function parseChatRequest(body: unknown): ChatRequest {
  if (!isRecord(body)) throw BridgeErrors.invalidRequest('The request body must be a JSON object.');
  const model = body['model'];
  if (typeof model !== 'string' || model === '') {
    throw BridgeErrors.missingParameter('model', 'You must provide a model, e.g. "term:dev" or "term:new".');
  }
  const messages = readMessages(body['messages']);
  const last = messages[messages.length - 1] as ChatMessageText;
  if (last.role !== 'user') {
    throw BridgeErrors.invalidRequest(
      'The last message must have role "user": it is what gets typed.',
      'messages',
    );
  }
  return {
    model,
    text: last.text,
    stream: readFlag(body['stream'], 'stream'),
    includeUsage: isRecord(body['stream_options']) && body['stream_options']['include_usage'] === true,
    messages,
  };
}

function readMessages(value: unknown): ChatMessageText[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw BridgeErrors.missingParameter('messages', 'You must provide a non-empty "messages" array.');
  }
  return value.map((message, index) => {
    if (!isRecord(message) || typeof message['role'] !== 'string') {
      throw BridgeErrors.invalidRequest(
        `messages[${index}] must be an object with a string "role".`,
        'messages',
      );
    }
    return { role: message['role'], text: contentText(message['content'], index) };
  });
}

/** A string, or an array of parts whose text parts are joined by line breaks (images are ignored). */
function contentText(content: unknown, index: number): string {
  if (typeof content === 'string') return content;
  if (content === null || content === undefined) return '';
  if (Array.isArray(content)) {
    return content
      .filter(
        (part): part is { type: 'text'; text: string } =>
          isRecord(part) && part['type'] === 'text' && typeof part['text'] === 'string',
      )
      .map((part) => part.text)
      .join('\n');
  }
  throw BridgeErrors.invalidRequest(
    `messages[${index}].content must be a string or an array of content parts.`,
    'messages',
  );
}

function readFlag(value: unknown, name: string): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'boolean') return value;
  throw BridgeErrors.invalidRequest(`"${name}" must be a boolean.`, name);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
