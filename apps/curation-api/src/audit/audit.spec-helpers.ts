// Test support: the ledger as GET /api/v1/audit answers it, for tests that check a mutation wrote
// its row (and nothing it must not, such as a key).
import request from 'supertest';

/** What the helpers need of a started service (TestService has it). */
export interface ServedApp {
  readonly server: Parameters<typeof request>[0];
}

export interface AuditRecord {
  id: string;
  title: string;
  mediaType: 'movie' | 'series' | null;
  mediaItemId: string | null;
  bytesFreed: number;
  actor: string;
  executedAt: string;
  details: string;
  action: string;
  outcome: string;
}

/** Every ledger record the query matches (first 1000), newest first, details parsed alongside. */
export async function ledgerRecords(
  service: ServedApp,
  adminKey: string,
  query: Record<string, string> = {},
): Promise<(AuditRecord & { parsed: Record<string, unknown> })[]> {
  const response = await request(service.server)
    .get('/api/v1/audit')
    .query({ limit: '1000', ...query })
    .set('X-Api-Key', adminKey)
    .expect(200);
  const body = response.body as { logs: AuditRecord[] };
  return body.logs.map((record) => ({
    ...record,
    parsed: JSON.parse(record.details) as Record<string, unknown>,
  }));
}
