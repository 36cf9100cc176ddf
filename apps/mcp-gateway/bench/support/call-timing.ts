// Benchmark support: times `tools/call` round trips made with the official SDK client, first one
// client calling sequentially (latency), then many clients calling in loops at once (throughput
// and latency under load), and formats the figures.
import type { Client } from '@modelcontextprotocol/client';
import { cpuMilliseconds } from './bench-processes';
import { percentiles } from './percentiles';

export interface Latency {
  readonly p50: number;
  readonly p99: number;
}

export interface PathFigures {
  readonly sequential: Latency & ServerCost;
  readonly concurrent: Latency & ServerCost & { readonly callsPerSecond: number };
}

/**
 * CPU time the serving process (the proxy, or the backend on a direct path) spent per call:
 * unlike latency, it hardly depends on what else the machine is running.
 */
export interface ServerCost {
  readonly cpuMsPerCall?: number;
}

export interface TimingPlan {
  readonly warmupCalls: number;
  readonly sequentialCalls: number;
  readonly clients: number;
  readonly callsPerClient: number;
  /** Waits until the servers have finished with what came before (closing clients can be costly). */
  readonly quiesce: () => Promise<void>;
}

export interface ConnectedClient {
  readonly client: Client;
  /** The process serving this client, when only the connection knows it (a stdio child). */
  readonly serverPid?: number;
  close(): Promise<void>;
}

export interface BenchPath {
  readonly label: string;
  connect(): Promise<ConnectedClient>;
  /** One `tools/call`; throws unless the tool answered as expected. */
  call(client: Client, index: number): Promise<void>;
  /**
   * All concurrent callers share one connection instead of one client each (a stdio backend:
   * sixty-four server processes would measure process start-up, not calls).
   */
  readonly sharedConnection?: boolean;
  /** The process serving the calls (gateway, mcp-hub or the backend itself). */
  readonly serverPid?: number;
  /** Several processes serving the calls together (gateway replicas): their CPU is added up. */
  readonly serverPids?: readonly number[];
}

/** Calls `echo` (or a name that routes to it) and checks the answer is the echoed message. */
export async function callEcho(
  client: Client,
  name: string,
  index: number,
  wrap: (message: string) => Record<string, unknown> = (message) => ({ message }),
): Promise<void> {
  const message = `m${index}`;
  const result = await client.callTool({ name, arguments: wrap(message) });
  const first = (result.content as Array<{ text?: string }> | undefined)?.[0];
  if (result.isError === true || first?.text !== `Echo: ${message}`)
    throw new Error(`${name}: unexpected answer ${JSON.stringify(result)}`);
}

/** Calls per client in the untimed concurrent round before the timed one. */
const CONCURRENT_WARMUP_CALLS = 10;

export async function measurePath(path: BenchPath, plan: TimingPlan): Promise<PathFigures> {
  const shared = path.sharedConnection === true;
  const first = await path.connect();
  let firstOpen = true;
  const closeFirst = async () => {
    if (!firstOpen) return;
    firstOpen = false;
    await first.close();
  };
  const serverPid = path.serverPid ?? first.serverPid;
  const pids = path.serverPids ?? (serverPid === undefined ? [] : [serverPid]);
  const cpu = () =>
    pids.length === 0 ? undefined : pids.reduce((total, pid) => total + cpuMilliseconds(pid), 0);
  try {
    await plan.quiesce();
    for (let index = 0; index < plan.warmupCalls; index += 1) await path.call(first.client, index);
    const latencies: number[] = [];
    const sequentialCpu = cpu();
    for (let index = 0; index < plan.sequentialCalls; index += 1)
      latencies.push(await timed(() => path.call(first.client, index)));
    const sequential = { ...latency(latencies), ...perCall(sequentialCpu, cpu(), latencies.length) };
    if (!shared) await closeFirst();
    const callers = shared ? [] : await connectMany(path, plan.clients);
    try {
      // One untimed concurrent round first, so the timed one meets a proxy warmed for concurrency
      // (its first burst compiles code paths the sequential calls never took), as in production.
      await callConcurrently(
        { ...plan, callsPerClient: CONCURRENT_WARMUP_CALLS },
        (caller) => (shared ? first.client : callers[caller]?.client),
        (client, index) => path.call(client, index),
      );
      await plan.quiesce();
      const concurrentCpu = cpu();
      const concurrent = await callConcurrently(
        plan,
        (caller) => (shared ? first.client : callers[caller]?.client),
        (client, index) => path.call(client, index),
      );
      return {
        sequential,
        concurrent: { ...concurrent, ...perCall(concurrentCpu, cpu(), plan.clients * plan.callsPerClient) },
      };
    } finally {
      await Promise.all(callers.map((caller) => caller.close()));
    }
  } finally {
    await closeFirst();
    await plan.quiesce();
  }
}

function perCall(before: number | undefined, after: number | undefined, calls: number): ServerCost {
  return before === undefined || after === undefined ? {} : { cpuMsPerCall: (after - before) / calls };
}

/** Every caller calls in a loop at the same time; latency of each call and calls per second overall. */
async function callConcurrently(
  plan: TimingPlan,
  clientOf: (caller: number) => Client | undefined,
  call: (client: Client, index: number) => Promise<void>,
): Promise<Latency & { callsPerSecond: number }> {
  const latencies: number[] = [];
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: plan.clients }, async (_, caller) => {
      const client = clientOf(caller);
      if (client === undefined) throw new Error(`caller ${caller} has no client`);
      for (let index = 0; index < plan.callsPerClient; index += 1)
        latencies.push(await timed(() => call(client, caller * plan.callsPerClient + index)));
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { ...latency(latencies), callsPerSecond: latencies.length / seconds };
}

/** Connects `count` clients a few at a time (a storm of handshakes is not what is measured) and warms each. */
async function connectMany(path: BenchPath, count: number): Promise<ConnectedClient[]> {
  const connected: ConnectedClient[] = [];
  try {
    for (let start = 0; start < count; start += 8) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(8, count - start) }, () => path.connect()),
      );
      connected.push(...batch);
      await Promise.all(batch.map((caller, offset) => path.call(caller.client, start + offset)));
    }
    return connected;
  } catch (error) {
    await Promise.all(connected.map((caller) => caller.close()));
    throw error;
  }
}

async function timed(work: () => Promise<void>): Promise<number> {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

function latency(samples: number[]): Latency {
  const { p50, p99 } = percentiles(samples);
  return { p50, p99 };
}

/**
 * One path's figures over several rounds: each figure is the median of its rounds, so one round
 * disturbed by the machine (a scheduler hiccup on 2 shared cores) does not decide a ratio.
 */
export function medianFigures(rounds: readonly PathFigures[]): PathFigures {
  if (rounds.length === 0) throw new Error('no rounds to combine');
  const median = (pick: (figures: PathFigures) => number | undefined): number | undefined => {
    const values = rounds.map(pick).filter((value): value is number => value !== undefined);
    if (values.length === 0) return undefined;
    values.sort((a, b) => a - b);
    const middle = values.length >> 1;
    return values.length % 2 === 1
      ? (values[middle] as number)
      : ((values[middle - 1] as number) + (values[middle] as number)) / 2;
  };
  const required = (pick: (figures: PathFigures) => number): number => median(pick) as number;
  const cost = (pick: (figures: PathFigures) => number | undefined): ServerCost => {
    const value = median(pick);
    return value === undefined ? {} : { cpuMsPerCall: value };
  };
  return {
    sequential: {
      p50: required((f) => f.sequential.p50),
      p99: required((f) => f.sequential.p99),
      ...cost((f) => f.sequential.cpuMsPerCall),
    },
    concurrent: {
      p50: required((f) => f.concurrent.p50),
      p99: required((f) => f.concurrent.p99),
      callsPerSecond: required((f) => f.concurrent.callsPerSecond),
      ...cost((f) => f.concurrent.cpuMsPerCall),
    },
  };
}

/** `1.23x`, or `–` when there is nothing to compare with. */
export function ratio(value: number, baseline: number | undefined): string {
  return baseline === undefined || baseline === 0 ? '–' : `${(value / baseline).toFixed(2)}x`;
}

export function milliseconds(value: number): string {
  return value.toFixed(2);
}
