// Keeps every SSE event a session sent, so that a client that lost a stream can resume it with
// `Last-Event-ID` (Streamable HTTP resumability, SEP-1699). Event ids are `<stream>#<sequence>`,
// which names the stream an id belongs to without a second index.
import type { EventId, EventStore, JSONRPCMessage, StreamId } from '@modelcontextprotocol/server';

interface StoredEvent {
  readonly sequence: number;
  readonly message: JSONRPCMessage;
}

const SEPARATOR = '#';

export class InMemoryEventStore implements EventStore {
  private readonly streams = new Map<StreamId, StoredEvent[]>();
  private nextSequence = 1;

  async storeEvent(streamId: StreamId, message: JSONRPCMessage): Promise<EventId> {
    const sequence = this.nextSequence++;
    const events = this.streams.get(streamId) ?? [];
    events.push({ sequence, message });
    this.streams.set(streamId, events);
    return `${streamId}${SEPARATOR}${sequence}`;
  }

  async getStreamIdForEventId(eventId: EventId): Promise<StreamId | undefined> {
    const streamId = parseEventId(eventId)?.streamId;
    return streamId !== undefined && this.streams.has(streamId) ? streamId : undefined;
  }

  async replayEventsAfter(
    lastEventId: EventId,
    { send }: { send: (eventId: EventId, message: JSONRPCMessage) => Promise<void> },
  ): Promise<StreamId> {
    const parsed = parseEventId(lastEventId);
    if (parsed === undefined || !this.streams.has(parsed.streamId))
      throw new Error(`unknown event id ${lastEventId}`);
    for (const event of this.streams.get(parsed.streamId) ?? []) {
      // Priming events carry no message: there is nothing to replay for them.
      if (event.sequence <= parsed.sequence || Object.keys(event.message).length === 0) continue;
      await send(`${parsed.streamId}${SEPARATOR}${event.sequence}`, event.message);
    }
    return parsed.streamId;
  }
}

function parseEventId(eventId: EventId): { streamId: StreamId; sequence: number } | undefined {
  const at = eventId.lastIndexOf(SEPARATOR);
  const sequence = Number(eventId.slice(at + 1));
  if (at <= 0 || !Number.isSafeInteger(sequence)) return undefined;
  return { streamId: eventId.slice(0, at), sequence };
}
