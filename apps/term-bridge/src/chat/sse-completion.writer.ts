// Streams a reply as server-sent events (spec 6): a first chunk with the assistant role, one
// chunk per piece of output, a final chunk with `finish_reason: "stop"`, then `data: [DONE]`.
// Keep-alive comments hold proxies open without counting as activity; a stream with no output
// for the idle limit (spec 8: 30 s) ends; a client that leaves stops the stream (the program in
// tmux keeps running).
import type { Response } from 'express';
import { type ChatReply, ReplyComposer } from '../replies/chat-reply';
import { chunkBody, type CompletionIdentity, usageChunkBody } from './completion-shapes';
import { estimateUsage } from './usage-estimate';

export interface StreamSettings {
  readonly keepAliveMs: number;
  readonly idleMs: number;
  readonly includeUsage: boolean;
}

export async function streamCompletion(
  response: Response,
  reply: ChatReply,
  identity: CompletionIdentity,
  prompt: string,
  settings: StreamSettings,
): Promise<void> {
  response.status(200);
  response.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  response.setHeader('Cache-Control', 'no-cache, no-transform');
  response.setHeader('Connection', 'keep-alive');
  response.setHeader('X-Accel-Buffering', 'no');
  response.flushHeaders();
  const write = (text: string): void => {
    if (!response.destroyed && !response.writableEnded) response.write(text);
  };
  const send = (body: object): void => write(`data: ${JSON.stringify(body)}\n\n`);
  const controller = new AbortController();
  let idle = false;
  let idleTimer: NodeJS.Timeout | undefined;
  const resetIdle = (): void => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      idle = true;
      controller.abort(new Error('stream idle'));
    }, settings.idleMs);
  };
  const onClose = (): void => {
    if (!response.writableEnded) controller.abort(new Error('client disconnected'));
  };
  response.on('close', onClose);
  const keepAlive = setInterval(() => write(': keep-alive\n\n'), settings.keepAliveMs);
  const composer = new ReplyComposer((piece) => {
    send(chunkBody(identity, { content: piece }, null));
    resetIdle();
  });
  send(chunkBody(identity, { role: 'assistant', content: '' }, null));
  resetIdle();
  try {
    await reply(composer, controller.signal);
  } catch (error) {
    // An idle or abandoned stream ends normally below; anything else is reported in-stream.
    if (!controller.signal.aborted) throw error;
  } finally {
    clearInterval(keepAlive);
    clearTimeout(idleTimer);
    response.off('close', onClose);
  }
  if (response.destroyed) return;
  if (idle) {
    composer.section();
    composer.text(
      `[no output for ${Math.round(settings.idleMs / 1000)} s: the stream ends here; the program keeps running. /tail shows the screen]`,
    );
  }
  send(chunkBody(identity, {}, 'stop'));
  if (settings.includeUsage) send(usageChunkBody(identity, estimateUsage(prompt, composer.content)));
  write('data: [DONE]\n\n');
  response.end();
}
