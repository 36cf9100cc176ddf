// Chat front-ends send their own background prompts to the chat model: Open WebUI asks for
// titles, tags, follow-up questions, search queries and autocompletion (prompts starting with
// `### Task:`), LibreChat asks for conversation titles. Typed into a terminal, they would run as
// commands, so they are recognised and answered without touching tmux.
// Every front-end puts its instructions first and the conversation after them, so detection reads
// only the first DETECTION_HEAD_CHARS characters of a text, with patterns that run in linear time
// (fixed phrases found in order, no nested or adjacent unbounded repetition): a maximum-size
// message costs what a short one does (decision 018).

export type BackgroundTask = 'title' | 'tags' | 'follow-ups' | 'queries' | 'autocomplete' | 'other';

export interface BackgroundRequest {
  readonly client: 'open-webui' | 'librechat';
  readonly task: BackgroundTask;
}

export interface BackgroundCandidate {
  /** The final (user) message. */
  readonly text: string;
  /** The start of a leading system prompt, if the request has one. */
  readonly systemPromptHead?: string;
}

/** How much of a text detection reads. */
export const DETECTION_HEAD_CHARS = 2048;

/** How much of Open WebUI's instructions decides the kind of task. */
const TASK_KIND_CHARS = 400;

/**
 * LibreChat's title prompts (several versions), as phrases that must appear in this order
 * (compared in lower case); each needs more than one telling phrase or a long, specific one.
 */
const LIBRECHAT_TITLE_PROMPTS: readonly (readonly string[])[] = [
  ['5-word-or-less title for the conversation'],
  ['analyze this conversation and provide:', 'detected language', 'concise title'],
  ['concise title (max 40 characters) for a conversation that starts with'],
];

const OPEN_WEBUI_TASK = /^\s{0,64}###\s{0,8}Task:/;

export function detectBackgroundRequest(candidate: BackgroundCandidate): BackgroundRequest | undefined {
  const head = candidate.text.slice(0, DETECTION_HEAD_CHARS);
  const task = OPEN_WEBUI_TASK.exec(head);
  if (task !== null) return { client: 'open-webui', task: openWebUiTask(head.slice(task[0].length)) };
  const heads = [head, (candidate.systemPromptHead ?? '').slice(0, DETECTION_HEAD_CHARS)];
  if (heads.some(isLibreChatTitlePrompt)) return { client: 'librechat', task: 'title' };
  return undefined;
}

function isLibreChatTitlePrompt(head: string): boolean {
  const lower = head.toLowerCase();
  return LIBRECHAT_TITLE_PROMPTS.some((phrases) => containsInOrder(lower, phrases));
}

/** Whether every phrase occurs, each after the previous one: one forward scan, no backtracking. */
export function containsInOrder(text: string, phrases: readonly string[]): boolean {
  let from = 0;
  for (const phrase of phrases) {
    const at = text.indexOf(phrase, from);
    if (at === -1) return false;
    from = at + phrase.length;
  }
  return true;
}

function openWebUiTask(instructions: string): BackgroundTask {
  const head = instructions.slice(0, TASK_KIND_CHARS);
  if (/follow[- ]?up/i.test(head)) return 'follow-ups';
  if (/\btags?\b/i.test(head)) return 'tags';
  if (/search quer|\bqueries\b/i.test(head)) return 'queries';
  if (/autocomplet/i.test(head)) return 'autocomplete';
  if (/\btitle\b/i.test(head)) return 'title';
  return 'other';
}

/** A harmless answer in the shape each front-end parses (Open WebUI reads JSON, LibreChat text). */
export function backgroundReply(request: BackgroundRequest, model: string): string {
  const title = `Terminal ${model.startsWith('term:') ? model.slice('term:'.length) : model}`;
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
