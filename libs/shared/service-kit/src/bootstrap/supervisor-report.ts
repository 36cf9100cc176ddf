// Tells a supervising parent process (`npm start`) that this process is listening, over the IPC
// channel the parent opened (none when run any other way: then this does nothing). The parent
// thus learns readiness from the child it started, not from whatever answers on the port, and
// the message is independent of LOG_LEVEL. The channel is closed after the one message, so it
// never keeps the process alive.
import type { AddressInfo } from 'node:net';

/** The one message a service sends its supervisor. */
export interface ListeningReport {
  readonly kind: 'listening';
  readonly service: string;
  readonly pid: number;
  readonly address: string;
  readonly port: number;
}

/** The parts of `process` this needs; a test passes its own. */
export interface SupervisorChannel {
  readonly pid: number;
  send?(message: ListeningReport, callback: (error: Error | null) => void): boolean;
  disconnect?(): void;
}

export function reportListening(
  service: string,
  address: AddressInfo,
  channel: SupervisorChannel = process as SupervisorChannel,
): void {
  if (channel.send === undefined) return;
  const report: ListeningReport = {
    kind: 'listening',
    service,
    pid: channel.pid,
    address: address.address,
    port: address.port,
  };
  channel.send(report, () => channel.disconnect?.());
}
