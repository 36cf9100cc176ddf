// The OpenAI chat completion objects the bridge sends (spec 2.3, 6): one `chat.completion`, or
// `chat.completion.chunk`s that all share the id, creation time and model.
import { randomBytes } from 'node:crypto';
import type { Usage } from './usage-estimate';

export interface CompletionIdentity {
  readonly id: string;
  readonly created: number;
  readonly model: string;
}

export function newCompletionIdentity(model: string): CompletionIdentity {
  return { id: `chatcmpl-${randomBytes(12).toString('hex')}`, created: Math.floor(Date.now() / 1000), model };
}

export function completionBody(identity: CompletionIdentity, content: string, usage: Usage) {
  return {
    id: identity.id,
    object: 'chat.completion' as const,
    created: identity.created,
    model: identity.model,
    choices: [{ index: 0, message: { role: 'assistant' as const, content }, finish_reason: 'stop' as const }],
    usage,
  };
}

export type ChunkDelta = { role?: 'assistant'; content?: string };

export function chunkBody(identity: CompletionIdentity, delta: ChunkDelta, finishReason: 'stop' | null) {
  return {
    id: identity.id,
    object: 'chat.completion.chunk' as const,
    created: identity.created,
    model: identity.model,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}

/** The extra chunk of `stream_options.include_usage`: no choices, only usage. */
export function usageChunkBody(identity: CompletionIdentity, usage: Usage) {
  return {
    id: identity.id,
    object: 'chat.completion.chunk' as const,
    created: identity.created,
    model: identity.model,
    choices: [],
    usage,
  };
}
