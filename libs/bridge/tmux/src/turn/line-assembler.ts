// Joins a turn's output lines into the text sent to the client, piece by piece: leading blank
// lines are dropped, blank lines are held back until more text follows (so the text never ends
// in blank lines), and lines are separated, not terminated, by "\n" — the pieces concatenated
// equal the whole response.

export class LineAssembler {
  private emittedAny = false;
  private pendingBlankLines = 0;

  /** Returns the text to append for these lines ('' when they add nothing yet). */
  add(lines: readonly string[]): string {
    let text = '';
    for (const line of lines) {
      if (line.trim() === '') {
        if (this.emittedAny) this.pendingBlankLines += 1;
        continue;
      }
      text += `${this.emittedAny ? '\n' : ''}${'\n'.repeat(this.pendingBlankLines)}${line}`;
      this.emittedAny = true;
      this.pendingBlankLines = 0;
    }
    return text;
  }

  get hasText(): boolean {
    return this.emittedAny;
  }
}
