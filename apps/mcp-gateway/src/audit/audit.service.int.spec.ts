// The audit writer against the real database: batches keep each event's own time, values are
// stored as sanitized JSON, and text PostgreSQL would refuse neither fails nor takes its batch
// with it.
import { startTestService, type TestService } from '@platform/testing-service';
import { gatewayForTests } from '../gateway.test-definition';
import { AuditEventKind } from './audit-event-kind';
import { type AuditEvent, AuditService } from './audit.service';

describe('AuditService', () => {
  let service: TestService;
  let audit: AuditService;

  const invocation = (method: string, extra: Partial<AuditEvent> = {}): AuditEvent => ({
    kind: AuditEventKind.Invocation,
    username: 'ann',
    serverId: 'files',
    method,
    durationMs: 12.6,
    statusCode: 200,
    ...extra,
  });

  beforeAll(async () => {
    service = await startTestService(gatewayForTests().definition);
    audit = service.app.get(AuditService);
  });

  afterAll(async () => {
    await service.close();
  });

  it('writes a batch in one go, each event with its own time and fields', async () => {
    const earlier = new Date('2026-01-02T03:04:05.678Z');
    await audit.recordMany([
      invocation('batch/one', {
        occurredAt: earlier,
        parameters: { path: '/tmp/a', apiKey: 'hunter2' },
        details: { mode: 'direct' },
      }),
      invocation('batch/two', { username: null, durationMs: null, parameters: null }),
    ]);
    const { events } = await audit.query({ method: 'batch/one', limit: 10, offset: 0 });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      eventKind: 'mcp.invocation',
      username: 'ann',
      serverId: 'files',
      durationMs: 13,
      statusCode: 200,
      parameters: { path: '/tmp/a', apiKey: '[REDACTED]' },
      details: { mode: 'direct' },
    });
    expect(events[0]?.occurredAt.toISOString()).toBe(earlier.toISOString());
    const second = await audit.query({ method: 'batch/two', limit: 10, offset: 0 });
    expect(second.events[0]).toMatchObject({ username: null, durationMs: null, parameters: null });
  });

  it('stores NUL characters and unpaired surrogates, which jsonb refuses, as U+FFFD', async () => {
    await audit.recordMany([
      invocation('hostile/text', {
        // The 1,000-character cut falls inside the emoji's surrogate pair.
        parameters: { 'na\u0000me': 'a\u0000b', lone: 'x\ud800y', cut: `${'a'.repeat(999)}😀` },
      }),
    ]);
    const { events } = await audit.query({ method: 'hostile/text', limit: 10, offset: 0 });
    expect(events[0]?.parameters).toEqual({
      'na\uFFFDme': 'a\uFFFDb',
      lone: 'x\uFFFDy',
      cut: `${'a'.repeat(999)}\uFFFD…`,
    });
  });

  it('keeps the rest of a batch when the database refuses one event', async () => {
    // A status code outside PostgreSQL's integer range fails the batch statement.
    await audit.recordMany([
      invocation('partial/kept-1'),
      invocation('partial/refused', { statusCode: 2 ** 40 }),
      invocation('partial/kept-2'),
    ]);
    const kept = await Promise.all(
      ['partial/kept-1', 'partial/refused', 'partial/kept-2'].map(
        async (method) => (await audit.query({ method, limit: 10, offset: 0 })).total,
      ),
    );
    expect(kept).toEqual([1, 0, 1]);
  });
});
