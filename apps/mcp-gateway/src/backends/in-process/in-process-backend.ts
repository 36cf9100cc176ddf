// The `custom` backend type: an MCP server that lives inside the gateway process (the built-in
// `router` server, or one an operator registers in code). A server record of type `custom`
// names one of these in its `url`; the gateway talks to it through the same client and proxy
// core as to any other backend, over an in-memory transport pair.
import { InMemoryTransport, type Transport } from '@modelcontextprotocol/client';

/** What an in-process MCP server must offer: attach itself to a (server-side) transport. */
export interface InProcessServer {
  connect(transport: Transport): Promise<void>;
  close(): Promise<void>;
}

export interface InProcessBackend {
  /** The name a `custom` server record's `url` refers to. */
  readonly name: string;
  /** A fresh server instance for one client connection (one server per transport). */
  createServer(): InProcessServer;
}

/** Connects a new server instance and returns the client end of the pair. */
export async function openInProcessBackend(backend: InProcessBackend): Promise<Transport> {
  const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
  const server = backend.createServer();
  await server.connect(serverEnd);
  const close = clientEnd.close.bind(clientEnd);
  // Closing the client end also retires the server instance, so nothing of it outlives the link.
  clientEnd.close = async () => {
    await close();
    await server.close().catch(() => undefined);
  };
  return clientEnd;
}
