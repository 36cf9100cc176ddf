// What every exchange of one FaultProxy shares: the backend, the faults, the statistics.
import type { Agent } from 'node:http';
import type { FaultRuleSet } from './fault-rule-set';
import type { FaultProxyStatsRecorder } from './fault-proxy.stats';
import type { PendingRequests } from './pending-requests';
import type { TimerSet } from './timer-set';

export interface ProxyContext {
  /** The backend's origin; `FaultProxy.retarget` moves it. */
  target: URL;
  /** `http://127.0.0.1:<port>` of the proxy itself. */
  readonly proxyOrigin: string;
  readonly agent: Agent;
  readonly rules: FaultRuleSet;
  readonly stats: FaultProxyStatsRecorder;
  readonly pending: PendingRequests;
  readonly timers: TimerSet;
}
