// Invocation audit (spec 1): every tools/call, prompts/get, resources/read and completion/complete
// (execute_tool with its inner target) is recorded with the caller, server, method, run time,
// status and sanitized parameters. Records are queued and written in batches off the request
// path; whatever is queued is written before the application shuts down.
import { Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import type { JsonRpcRequest } from '@platform/jsonrpc';
import { AuditEventKind } from '../../audit/audit-event-kind';
import { type AuditEvent, AuditService } from '../../audit/audit.service';
import type { ForwardOutcome } from '../../backends/proxy/forwarded-call';
import type { DispatchResult, Exchange } from '../sessions/exchange';
import { jsonRecordOf } from '../../json-record';

const FLUSH_INTERVAL_MS = 1_000;
const FLUSH_SIZE = 200;

/** An HTTP-like status per way a call ended, so audit queries can filter on it. */
const OUTCOME_STATUS: Readonly<Record<ForwardOutcome, number>> = {
  completed: 200,
  cancelled: 499,
  'timed-out': 504,
  'connection-closed': 502,
  unavailable: 502,
  refused: 500,
  'not-found': 404,
  duplicate: 400,
};

@Injectable()
export class InvocationAudit implements BeforeApplicationShutdown {
  private queue: AuditEvent[] = [];
  private flushing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly audit: AuditService) {
    this.timer = setInterval(() => void this.flush(), FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  record(exchange: Exchange, request: JsonRpcRequest, result: DispatchResult, durationMs: number): void {
    const params = jsonRecordOf(request.params);
    const isMetaExecute = exchange.mode.kind === 'meta' && params['name'] === 'execute_tool';
    this.queue.push({
      kind: AuditEventKind.Invocation,
      occurredAt: new Date(Date.now() - durationMs),
      username: exchange.principal.username,
      identitySource: exchange.principal.identitySource,
      serverId: result.target?.serverId ?? (exchange.mode.kind === 'direct' ? exchange.mode.serverId : null),
      method: request.method,
      durationMs,
      statusCode: statusOf(result),
      parameters: isMetaExecute ? jsonRecordOf(params['arguments'])['arguments'] : params,
      details: {
        mode: exchange.mode.kind,
        ...(result.target === undefined ? {} : { target: result.target.name }),
        ...(isMetaExecute ? { via: 'execute_tool' } : {}),
        ...(exchange.principal.appKey === undefined
          ? {}
          : { keyPrefix: exchange.principal.appKey.keyPrefix }),
      },
    });
    if (this.queue.length >= FLUSH_SIZE) void this.flush();
  }

  /** Writes what is queued; concurrent calls are chained so batches never overlap. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      const batch = this.queue;
      this.queue = [];
      await this.audit.recordMany(batch);
    });
    return this.flushing;
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}

function statusOf(result: DispatchResult): number {
  if (result.denied === true) return 403;
  const outcome = result.outcome ?? 'completed';
  if (outcome === 'completed' && 'error' in result.response) return 500;
  return OUTCOME_STATUS[outcome];
}
