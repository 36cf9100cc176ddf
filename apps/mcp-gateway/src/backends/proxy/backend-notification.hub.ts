// Notifications a backend sends on its own (log messages, list_changed, resources/updated), which
// no transport ties to a client request: handed to the subscribers (the lists cache, the
// direct-view subscriptions), which decide who may see them; never to a guessed caller.
import { Injectable, Logger } from '@nestjs/common';
import type { JsonRpcNotification } from '@platform/jsonrpc';

export interface BackendNotificationEvent {
  readonly serverId: string;
  readonly notification: JsonRpcNotification;
}

export type BackendNotificationListener = (event: BackendNotificationEvent) => void;

@Injectable()
export class BackendNotificationHub {
  private readonly logger = new Logger('BackendNotifications');
  private readonly listeners = new Set<BackendNotificationListener>();

  subscribe(listener: BackendNotificationListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(serverId: string, notification: JsonRpcNotification): void {
    const event: BackendNotificationEvent = { serverId, notification };
    for (const listener of this.listeners) {
      // Called from the backend's transport: one listener's failure must not reach the link.
      try {
        listener(event);
      } catch (error) {
        this.logger.warn(
          { err: error },
          `Could not handle ${notification.method.slice(0, 100)} from "${serverId}"`,
        );
      }
    }
  }
}
