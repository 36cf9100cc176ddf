// What authentication reads from a request: Node's own request plus the parsed query and path.
// Express requests have both; the gateway's MCP front door attaches them itself.
import type { IncomingMessage } from 'node:http';

export interface CredentialRequest extends IncomingMessage {
  /** Query parameters: a string, or an array when a parameter is repeated. */
  readonly query: Readonly<Record<string, unknown>>;
  /** The URL path without the query string. */
  readonly path: string;
}
