// Reads a chat completion request the way real clients send it: only `model`, `messages`,
// `stream` and `stream_options` matter, every other field is ignored (clients send many), and
// the final message — which must be the user's — is the input; history is ignored.
// Sizes are checked here, before anything else looks at the text (decision 018): the body is
// bounded by the JSON parser (413), then the model id, the number of messages and the final
// message's size; of the history only the roles and the shape of each message are read, and of a
// leading system prompt only its first characters.
import { BridgeErrors } from '../errors/bridge-errors';
import { assertInputSize } from '../terminals/input-size';

export interface ChatRequestLimits {
  /** TERM_BRIDGE_MAX_INPUT_BYTES: the final message, in UTF-8 bytes. */
  readonly maxInputBytes: number;
  /** TERM_BRIDGE_MAX_MESSAGES: messages per request, history included. */
  readonly maxMessages: number;
}

export interface ChatRequest {
  readonly model: string;
  /** The text of the final (user) message: what gets typed. */
  readonly text: string;
  readonly stream: boolean;
  /** `stream_options.include_usage`: send a usage chunk before `[DONE]`. */
  readonly includeUsage: boolean;
  /** The start of the first message when it is a system prompt, at most SYSTEM_PROMPT_HEAD_CHARS. */
  readonly systemPromptHead?: string;
}

/** Longer ids cannot name a model (`term:` and 64 characters); refusing them keeps logs and errors small. */
export const MAX_MODEL_ID_CHARS = 256;

/** How much of a leading system prompt is read: only background-request detection looks at it. */
export const SYSTEM_PROMPT_HEAD_CHARS = 2048;

export function parseChatRequest(body: unknown, limits: ChatRequestLimits): ChatRequest {
  if (!isRecord(body)) throw BridgeErrors.invalidRequest('The request body must be a JSON object.');
  const model = readModel(body['model']);
  const messages = readMessages(body['messages'], limits.maxMessages);
  const last = messages[messages.length - 1] as Record<string, unknown>;
  if (last['role'] !== 'user') {
    throw BridgeErrors.invalidRequest(
      'The last message must have role "user": it is what gets typed.',
      'messages',
    );
  }
  const text = contentText(last['content'], Number.POSITIVE_INFINITY);
  assertInputSize(text, limits.maxInputBytes);
  const first = messages[0] as Record<string, unknown>;
  const systemPromptHead =
    messages.length > 1 && first['role'] === 'system'
      ? contentText(first['content'], SYSTEM_PROMPT_HEAD_CHARS).slice(0, SYSTEM_PROMPT_HEAD_CHARS)
      : undefined;
  return {
    model,
    text,
    stream: readFlag(body['stream'], 'stream'),
    includeUsage: isRecord(body['stream_options']) && body['stream_options']['include_usage'] === true,
    ...(systemPromptHead === undefined ? {} : { systemPromptHead }),
  };
}

function readModel(model: unknown): string {
  if (typeof model !== 'string' || model === '') {
    throw BridgeErrors.missingParameter('model', 'You must provide a model, e.g. "term:dev" or "term:new".');
  }
  if (model.length > MAX_MODEL_ID_CHARS) {
    throw BridgeErrors.invalidRequest(
      `"model" is ${model.length} characters long; model ids have at most ${MAX_MODEL_ID_CHARS}.`,
      'model',
    );
  }
  return model;
}

/** The messages, each checked for its shape only; their text is not read here. */
function readMessages(value: unknown, maxMessages: number): readonly Record<string, unknown>[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw BridgeErrors.missingParameter('messages', 'You must provide a non-empty "messages" array.');
  }
  if (value.length > maxMessages) throw BridgeErrors.tooManyMessages(value.length, maxMessages);
  value.forEach((message: unknown, index) => {
    if (!isRecord(message) || typeof message['role'] !== 'string') {
      throw BridgeErrors.invalidRequest(
        `messages[${index}] must be an object with a string "role".`,
        'messages',
      );
    }
    const content = message['content'];
    if (typeof content !== 'string' && content !== null && content !== undefined && !Array.isArray(content)) {
      throw BridgeErrors.invalidRequest(
        `messages[${index}].content must be a string or an array of content parts.`,
        'messages',
      );
    }
  });
  return value as readonly Record<string, unknown>[];
}

/**
 * A string, or an array of parts whose text parts are joined by line breaks (images are ignored);
 * parts are joined only until `maxChars` is reached. The shape was checked by readMessages.
 */
function contentText(content: unknown, maxChars: number): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const texts: string[] = [];
  let length = 0;
  for (const part of content) {
    if (!isRecord(part) || part['type'] !== 'text' || typeof part['text'] !== 'string') continue;
    texts.push(part['text']);
    length += part['text'].length + 1;
    if (length >= maxChars) break;
  }
  return texts.join('\n');
}

function readFlag(value: unknown, name: string): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'boolean') return value;
  throw BridgeErrors.invalidRequest(`"${name}" must be a boolean.`, name);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
