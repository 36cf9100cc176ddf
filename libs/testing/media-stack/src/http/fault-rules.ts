// Fault injection for the simulators: rules matched against each request before its handler runs,
// to delay it, answer with an error status or an unexpected body, or drop the connection, a given
// number of times or always.

export interface FaultRule {
  /** Any method when omitted. */
  readonly method?: string;
  /** An exact path (without the query), or a pattern tested against the path. */
  readonly path: string | RegExp;
  /** Answer with this status instead of running the handler. */
  readonly status?: number;
  /** Answer 200 with this body and content type instead of running the handler (a wrong kind of answer). */
  readonly answer?: { readonly contentType: string; readonly text: string };
  /** Wait this long first (then apply status or drop, or run the handler). */
  readonly delayMs?: number;
  /** Destroy the socket without an answer. */
  readonly drop?: boolean;
  /** How many matching requests the rule applies to; every one when omitted. */
  readonly times?: number;
}

export interface FaultController {
  add(rule: FaultRule): void;
  clear(): void;
  /** Rules still active, with how many applications each has left (undefined: unlimited). */
  active(): readonly { readonly rule: FaultRule; readonly remaining: number | undefined }[];
}

interface ActiveRule {
  readonly rule: FaultRule;
  remaining: number | undefined;
}

export class FaultRules implements FaultController {
  private rules: ActiveRule[] = [];

  add(rule: FaultRule): void {
    if (rule.times !== undefined && (!Number.isInteger(rule.times) || rule.times < 1)) {
      throw new RangeError(`times must be a positive integer, got ${rule.times}`);
    }
    this.rules.push({ rule, remaining: rule.times });
  }

  clear(): void {
    this.rules = [];
  }

  active(): readonly { readonly rule: FaultRule; readonly remaining: number | undefined }[] {
    return this.rules.map(({ rule, remaining }) => ({ rule, remaining }));
  }

  /** The first rule matching the request, consuming one of its applications. */
  take(method: string, path: string): FaultRule | undefined {
    const match = this.rules.find(({ rule }) => matches(rule, method, path));
    if (match === undefined) return undefined;
    if (match.remaining !== undefined) {
      match.remaining -= 1;
      if (match.remaining === 0) this.rules = this.rules.filter((candidate) => candidate !== match);
    }
    return match.rule;
  }
}

function matches(rule: FaultRule, method: string, path: string): boolean {
  if (rule.method !== undefined && rule.method.toUpperCase() !== method) return false;
  if (typeof rule.path === 'string') return rule.path === path;
  rule.path.lastIndex = 0;
  return rule.path.test(path);
}
