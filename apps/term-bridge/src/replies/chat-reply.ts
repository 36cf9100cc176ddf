// A reply to a chat message, decoupled from how it is delivered (one JSON completion or a
// stream of chunks): a function that writes text into a ReplyOutput. Everything that can fail
// as an HTTP error is checked before a reply is built; a reply only produces text.

export interface ReplyOutput {
  /** Appends text to the current section. */
  text(piece: string): void;
  /** Starts a new section: the next text is separated from earlier text by a blank line. */
  section(): void;
}

/**
 * Runs once, right after it was prepared: a reply that types may hold a place in its session's
 * queue, which only running it (or its signal aborting) gives back.
 */
export type ChatReply = (out: ReplyOutput, signal: AbortSignal) => Promise<void>;

/** A reply that is known in full up front. */
export function textReply(text: string): ChatReply {
  return async (out) => out.text(text);
}

/** Sections joined by blank lines, forwarded piece by piece; the pieces add up to the whole text. */
export class ReplyComposer implements ReplyOutput {
  private anyText = false;
  private startingSection = false;
  private whole = '';

  constructor(private readonly sink: (piece: string) => void = () => undefined) {}

  text(piece: string): void {
    if (piece === '') return;
    const composed = `${this.anyText && this.startingSection ? '\n\n' : ''}${piece}`;
    this.anyText = true;
    this.startingSection = false;
    this.whole += composed;
    this.sink(composed);
  }

  section(): void {
    this.startingSection = true;
  }

  get content(): string {
    return this.whole;
  }
}
