// A bounded buffer of a stream's last lines (a stdio backend's stderr), kept so an operator
// can read why a backend failed through `logs://<serverId>/…`.

/** The last lines of a stream, oldest first; older lines are dropped and counted. */
export class LineRingBuffer {
  private readonly buffer: string[] = [];
  private next = 0;
  private dropped = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError('capacity must be a positive integer');
  }

  push(line: string): void {
    if (this.buffer.length < this.capacity) {
      this.buffer.push(line);
      return;
    }
    this.buffer[this.next] = line;
    this.next = (this.next + 1) % this.capacity;
    this.dropped += 1;
  }

  lines(): string[] {
    return [...this.buffer.slice(this.next), ...this.buffer.slice(0, this.next)];
  }

  get droppedCount(): number {
    return this.dropped;
  }
}
