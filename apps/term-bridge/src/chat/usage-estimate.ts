// Token counts for `usage`. The bridge runs no model, so there are no real tokens; it reports an
// estimate with OpenAI's rule of thumb of about four characters per token (decision 011).

export interface Usage {
  readonly prompt_tokens: number;
  readonly completion_tokens: number;
  readonly total_tokens: number;
}

export function estimateTokens(text: string): number {
  return Math.ceil([...text].length / 4);
}

export function estimateUsage(prompt: string, completion: string): Usage {
  const promptTokens = estimateTokens(prompt);
  const completionTokens = estimateTokens(completion);
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };
}
