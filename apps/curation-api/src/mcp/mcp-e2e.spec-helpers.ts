// What the MCP end-to-end suites share: the curation API over a synced simulated library,
// listening on a loopback port for network clients, and the shape of a tool call's result.
import type { AddressInfo } from 'node:net';
import { startSyncedCuration, type SyncedCuration } from '../sync/synced-curation.spec-helpers';

export interface ToolResult {
  isError?: boolean;
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
}

/** A synced curation API listening on 127.0.0.1, and its base URL. */
export async function startListeningCuration(options: {
  readonly seed: string;
  readonly items: number;
  readonly adminKey: string;
}): Promise<{ curation: SyncedCuration; baseUrl: string }> {
  const curation = await startSyncedCuration(options);
  await curation.service.app.listen(0, '127.0.0.1');
  const { port } = curation.service.server.address() as AddressInfo;
  return { curation, baseUrl: `http://127.0.0.1:${port}` };
}
