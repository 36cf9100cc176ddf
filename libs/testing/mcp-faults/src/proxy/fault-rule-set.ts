// The faults currently set on a proxy, in the order they were set, each with its remaining
// applications, and the one matching rule for all of them.
import type {
  AnswerFault,
  AppliedFault,
  Fault,
  FaultHandle,
  FaultMatch,
  RefuseFault,
  RequestFault,
} from './fault.types';
import type { MessageSubject } from './json-rpc-traffic';

/** Where a fault is being considered: an HTTP exchange and the JSON-RPC messages it concerns. */
export interface TrafficSite {
  readonly httpMethod: string;
  readonly subjects: readonly MessageSubject[];
}

type ScopedFault = Exclude<Fault, RefuseFault>;

interface ActiveRule {
  readonly fault: ScopedFault;
  remaining: number;
}

const REQUEST_KINDS: ReadonlySet<string> = new Set<RequestFault['kind']>(['blackhole', 'http-status']);
const ANSWER_KINDS: ReadonlySet<string> = new Set<AnswerFault['kind']>([
  'delay',
  'drop-connection',
  'malformed',
]);

export class FaultRuleSet {
  private rules: ActiveRule[] = [];

  add(fault: ScopedFault): FaultHandle {
    validateFault(fault);
    const rule: ActiveRule = { fault, remaining: fault.times ?? Number.POSITIVE_INFINITY };
    this.rules.push(rule);
    return { remove: () => this.delete(rule) };
  }

  clear(): void {
    this.rules = [];
  }

  get size(): number {
    return this.rules.length;
  }

  /** The first matching request fault, one application used; it decides the exchange alone. */
  takeRequestFault(site: TrafficSite): RequestFault | undefined {
    const rule = this.rules.find(
      (candidate) => REQUEST_KINDS.has(candidate.fault.kind) && siteMatches(candidate.fault.match, site),
    );
    if (rule === undefined) return undefined;
    this.use(rule);
    return rule.fault as RequestFault;
  }

  /** Every matching answer fault, in the order set, one application of each used. */
  takeAnswerFaults(site: TrafficSite): AnswerFault[] {
    const matching = this.rules.filter(
      (candidate) => ANSWER_KINDS.has(candidate.fault.kind) && siteMatches(candidate.fault.match, site),
    );
    for (const rule of matching) this.use(rule);
    return matching.map((rule) => rule.fault as AnswerFault);
  }

  private use(rule: ActiveRule): void {
    rule.remaining -= 1;
    if (rule.remaining <= 0) this.delete(rule);
  }

  private delete(rule: ActiveRule): void {
    this.rules = this.rules.filter((candidate) => candidate !== rule);
  }
}

/**
 * True when `match` covers the site: the HTTP method agrees, and either no JSON-RPC condition is
 * given or one of the site's messages meets all of them.
 */
export function siteMatches(match: FaultMatch | undefined, site: TrafficSite): boolean {
  if (match === undefined) return true;
  if (match.httpMethod !== undefined && match.httpMethod.toUpperCase() !== site.httpMethod.toUpperCase()) {
    return false;
  }
  if (match.method === undefined && match.tool === undefined) return true;
  return site.subjects.some((subject) => subjectMatches(match, subject));
}

/** The statistics entry for applying `fault` at `site`, naming the message it was applied for. */
export function describeApplication(fault: ScopedFault, site: TrafficSite): AppliedFault {
  const match = fault.match ?? {};
  const scoped = match.method !== undefined || match.tool !== undefined;
  const subject = scoped
    ? site.subjects.find((candidate) => subjectMatches(match, candidate))
    : site.subjects.find((candidate) => candidate.method !== undefined);
  return {
    kind: fault.kind,
    httpMethod: site.httpMethod,
    ...(subject?.method === undefined ? {} : { method: subject.method }),
    ...(subject?.tool === undefined ? {} : { tool: subject.tool }),
  };
}

function subjectMatches(match: FaultMatch, subject: MessageSubject): boolean {
  if (match.method !== undefined && !includes(match.method, subject.method)) return false;
  if (match.tool !== undefined) {
    return subject.method === 'tools/call' && includes(match.tool, subject.tool);
  }
  return true;
}

function includes(expected: string | readonly string[], actual: string | undefined): boolean {
  if (actual === undefined) return false;
  return typeof expected === 'string' ? expected === actual : expected.includes(actual);
}

function validateFault(fault: ScopedFault): void {
  if (fault.times !== undefined && (!Number.isInteger(fault.times) || fault.times < 1)) {
    throw new RangeError(`fault "${fault.kind}": times must be a positive integer, got ${fault.times}`);
  }
  if (fault.kind === 'delay' && (!Number.isFinite(fault.ms) || fault.ms < 0)) {
    throw new RangeError(`fault "delay": ms must be a non-negative number, got ${fault.ms}`);
  }
  if (
    fault.kind === 'http-status' &&
    (!Number.isInteger(fault.status) || fault.status < 200 || fault.status > 599)
  ) {
    throw new RangeError(`fault "http-status": status must be 200..599, got ${fault.status}`);
  }
}
