// Notifications a backend sends on its own (logging, list_changed, resources/updated). Those
// attributed to one client request go to that request's session; list and resource changes go
// to every subscriber (the client-facing sessions decide who may see which server), and so do
// unattributed log messages, which only the backend's log buffer keeps.
import { Injectable } from '@nestjs/common';
import type { JsonRpcNotification } from '@platform/jsonrpc';

export interface BackendNotificationEvent {
  readonly serverId: string;
  readonly notification: JsonRpcNotification;
  /** True when it was already delivered to the client request it belongs to. */
  readonly delivered: boolean;
}

export type BackendNotificationListener = (event: BackendNotificationEvent) => void;

@Injectable()
export class BackendNotificationHub {
  private readonly listeners = new Set<BackendNotificationListener>();

  subscribe(listener: BackendNotificationListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(
    serverId: string,
    notification: JsonRpcNotification,
    attributedTo?: (notification: JsonRpcNotification) => void,
  ): void {
    attributedTo?.(notification);
    const event: BackendNotificationEvent = { serverId, notification, delivered: attributedTo !== undefined };
    for (const listener of this.listeners) listener(event);
  }
}
