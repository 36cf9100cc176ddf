// Test support: a TCP forwarder listening on one address and port and relaying every connection
// to another, so a backend that binds every interface can also be reached at a second loopback
// address (127.0.0.2) where a test's network policy treats it differently.
import { once } from 'node:events';
import { connect, createServer, type Socket } from 'node:net';

export interface TcpForwarder {
  /** Connections accepted so far. */
  readonly connections: () => number;
  close(): Promise<void>;
}

export async function startTcpForwarder(
  listen: { readonly host: string; readonly port: number },
  target: { readonly host: string; readonly port: number },
): Promise<TcpForwarder> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((incoming) => {
    accepted += 1;
    const outgoing = connect(target.port, target.host);
    for (const socket of [incoming, outgoing]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        incoming.destroy();
        outgoing.destroy();
      });
    }
    incoming.pipe(outgoing).pipe(incoming);
  });
  server.listen(listen.port, listen.host);
  await once(server, 'listening');
  return {
    connections: () => accepted,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}
