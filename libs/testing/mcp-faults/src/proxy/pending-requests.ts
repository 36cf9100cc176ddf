// Client requests still waiting for their response, per MCP session, for responses that arrive
// on another HTTP exchange than the request (the legacy GET stream, a resumed stream).
import type { MessageSubject } from './json-rpc-traffic';

export class PendingRequests {
  private readonly bySession = new Map<string, Map<string, MessageSubject>>();

  add(session: string, idKey: string, subject: MessageSubject): void {
    const requests = this.bySession.get(session) ?? new Map<string, MessageSubject>();
    requests.set(idKey, subject);
    this.bySession.set(session, requests);
  }

  find(session: string, idKey: string): MessageSubject | undefined {
    return this.bySession.get(session)?.get(idKey);
  }

  /** Called once the response was delivered; a dropped one may still come again (a resumed stream). */
  forget(session: string, idKey: string): void {
    const requests = this.bySession.get(session);
    requests?.delete(idKey);
    if (requests?.size === 0) this.bySession.delete(session);
  }

  clear(): void {
    this.bySession.clear();
  }
}
