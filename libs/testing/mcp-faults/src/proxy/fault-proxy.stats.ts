// Counts what passed through a FaultProxy and which faults it applied; hands out snapshots.
import type { AppliedFault, FaultKind, FaultProxyStats } from './fault.types';
import type { TrafficMessage } from './json-rpc-traffic';

const NO_FAULTS: Readonly<Record<FaultKind, number>> = {
  delay: 0,
  blackhole: 0,
  'drop-connection': 0,
  malformed: 0,
  'http-status': 0,
  refuse: 0,
};

export class FaultProxyStatsRecorder {
  private httpRequests = 0;
  private readonly messagesByMethod = new Map<string, number>();
  private readonly toolCallsByName = new Map<string, number>();
  private readonly applied: AppliedFault[] = [];

  recordHttpRequest(): void {
    this.httpRequests += 1;
  }

  recordClientMessages(messages: readonly TrafficMessage[]): void {
    for (const { subject } of messages) {
      if (subject.method !== undefined) increment(this.messagesByMethod, subject.method);
      if (subject.tool !== undefined) increment(this.toolCallsByName, subject.tool);
    }
  }

  recordFault(applied: AppliedFault): void {
    this.applied.push(applied);
  }

  snapshot(): FaultProxyStats {
    const faultsApplied: Record<FaultKind, number> = { ...NO_FAULTS };
    for (const { kind } of this.applied) faultsApplied[kind] += 1;
    return {
      httpRequests: this.httpRequests,
      messagesByMethod: Object.fromEntries(this.messagesByMethod),
      toolCallsByName: Object.fromEntries(this.toolCallsByName),
      faultsApplied,
      appliedFaults: this.applied.map((entry) => ({ ...entry })),
    };
  }
}

function increment(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}
