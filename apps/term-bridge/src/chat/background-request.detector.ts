// Chat front-ends send their own background prompts to the chat model: Open WebUI asks for
// titles, tags, follow-up questions, search queries and autocompletion (prompts starting with
// `### Task:`), LibreChat asks for conversation titles. Typed into a terminal, they would run as
// commands, so they are recognised and answered without touching tmux.
import type { ChatMessageText } from './chat-request';

export type BackgroundTask = 'title' | 'tags' | 'follow-ups' | 'queries' | 'autocomplete' | 'other';

export interface BackgroundRequest {
  readonly client: 'open-webui' | 'librechat';
  readonly task: BackgroundTask;
}

/** LibreChat's title prompts (several versions); each needs more than one telling phrase. */
const LIBRECHAT_TITLE_PROMPTS: readonly RegExp[] = [
  /5-word-or-less title for the conversation/i,
  /analyze this conversation and provide:[\s\S]*detected language[\s\S]*concise title/i,
  /concise title \(max 40 characters\) for a conversation that starts with/i,
];

export function detectBackgroundRequest(messages: readonly ChatMessageText[]): BackgroundRequest | undefined {
  const last = messages[messages.length - 1];
  if (last === undefined) return undefined;
  const task = /^\s*###\s*Task:\s*([\s\S]*)$/.exec(last.text);
  if (task !== null) return { client: 'open-webui', task: openWebUiTask(task[1] ?? '') };
  const candidates = [
    last.text,
    ...messages.filter((message) => message.role === 'system').map((message) => message.text),
  ];
  if (candidates.some((text) => LIBRECHAT_TITLE_PROMPTS.some((pattern) => pattern.test(text)))) {
    return { client: 'librechat', task: 'title' };
  }
  return undefined;
}

function openWebUiTask(instructions: string): BackgroundTask {
  const head = instructions.slice(0, 400);
  if (/follow[- ]?up/i.test(head)) return 'follow-ups';
  if (/\btags?\b/i.test(head)) return 'tags';
  if (/search quer|\bqueries\b/i.test(head)) return 'queries';
  if (/autocomplet/i.test(head)) return 'autocomplete';
  if (/\btitle\b/i.test(head)) return 'title';
  return 'other';
}

/** A harmless answer in the shape each front-end parses (Open WebUI reads JSON, LibreChat text). */
export function backgroundReply(request: BackgroundRequest, model: string): string {
  const title = `Terminal ${model.replace(/^term:/, '')}`;
  if (request.client === 'librechat') return title;
  switch (request.task) {
    case 'title':
      return JSON.stringify({ title: `🖥️ ${title}` });
    case 'tags':
      return JSON.stringify({ tags: ['terminal'] });
    case 'follow-ups':
      return JSON.stringify({ follow_ups: [] });
    case 'queries':
      return JSON.stringify({ queries: [] });
    case 'autocomplete':
      return JSON.stringify({ text: '' });
    case 'other':
      return '';
  }
}
