// A fixed-size buffer of the most recent events: adding is O(1), the oldest event is dropped
// once the buffer is full, and memory never grows with traffic.

export class RingBuffer<T> {
  private readonly slots: (T | undefined)[];
  private next = 0;
  private stored = 0;
  private droppedCount = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError('capacity must be a positive integer');
    this.slots = new Array<T | undefined>(capacity);
  }

  push(item: T): void {
    if (this.stored === this.capacity) this.droppedCount += 1;
    else this.stored += 1;
    this.slots[this.next] = item;
    this.next = (this.next + 1) % this.capacity;
  }

  /** Items oldest first. */
  toArray(): T[] {
    const start = (this.next - this.stored + this.capacity) % this.capacity;
    return Array.from(
      { length: this.stored },
      (_, index) => this.slots[(start + index) % this.capacity] as T,
    );
  }

  get size(): number {
    return this.stored;
  }

  /** How many items were pushed out by newer ones. */
  get dropped(): number {
    return this.droppedCount;
  }
}
