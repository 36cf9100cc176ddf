// The request and response the MCP endpoints work with: Node's own, plus the query, path and
// parsed body that Express or the MCP front door (mcp-front-door.ts) attaches. Nothing here needs
// Express, so the hot path can skip it.
import type { ServerResponse } from 'node:http';
import { writeJsonBody } from '@platform/service-kit';
import type { CredentialRequest } from '../../access/authentication/credential-request';

export interface McpRequest extends CredentialRequest {
  /** The JSON body of a POST, once parsed. */
  readonly body?: unknown;
}

/** A request header's value (the first, if repeated); `name` in lower case. */
export function headerOf(request: McpRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** A JSON body in one write (no ETag: no MCP client revalidates an answer). */
export function writeJson(response: ServerResponse, status: number, body: unknown): void {
  writeJsonBody(response, status, body);
}

/** An answer without a body (202 Accepted, 204 No Content). */
export function writeEmpty(response: ServerResponse, status: number): void {
  response.statusCode = status;
  response.end();
}

export function setHeaders(response: ServerResponse, headers: Readonly<Record<string, string>>): void {
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
}
