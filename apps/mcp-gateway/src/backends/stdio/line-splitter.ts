// Turns a byte stream into newline-delimited text lines (MCP stdio framing), decoding each
// line once so multi-byte characters split across chunks survive. Lines are capped: past
// the cap a line is either refused (stdout: a protocol error) or cut (stderr: a log line).

export type LineOverflow = 'fail' | 'truncate';

export interface SplitLine {
  readonly text: string;
  readonly truncated: boolean;
}

export class LineSplitter {
  private pieces: Buffer[] = [];
  private pendingBytes = 0;
  private truncated = false;
  private failed = false;

  constructor(
    private readonly maxLineBytes: number,
    private readonly overflow: LineOverflow,
    private readonly onLine: (line: SplitLine) => void,
  ) {}

  /** Feeds a chunk; false once a line exceeded the cap in `fail` mode (later input is ignored). */
  push(chunk: Buffer): boolean {
    let start = 0;
    while (!this.failed && start < chunk.length) {
      const newline = chunk.indexOf(0x0a, start);
      this.append(chunk.subarray(start, newline < 0 ? chunk.length : newline));
      if (newline < 0 || this.failed) break;
      this.emitLine();
      start = newline + 1;
    }
    return !this.failed;
  }

  /** End of stream: a last line without a newline is still a line. */
  end(): void {
    if (!this.failed && (this.pendingBytes > 0 || this.truncated)) this.emitLine();
  }

  private append(piece: Buffer): void {
    if (this.truncated || piece.length === 0) return;
    const room = this.maxLineBytes - this.pendingBytes;
    if (piece.length <= room) {
      this.pieces.push(piece);
      this.pendingBytes += piece.length;
      return;
    }
    if (this.overflow === 'fail') {
      this.failed = true;
      this.pieces = [];
      return;
    }
    this.pieces.push(piece.subarray(0, room));
    this.pendingBytes += room;
    this.truncated = true;
  }

  private emitLine(): void {
    const text = Buffer.concat(this.pieces, this.pendingBytes).toString('utf8');
    const truncated = this.truncated;
    this.pieces = [];
    this.pendingBytes = 0;
    this.truncated = false;
    this.onLine({ text: !truncated && text.endsWith('\r') ? text.slice(0, -1) : text, truncated });
  }
}
