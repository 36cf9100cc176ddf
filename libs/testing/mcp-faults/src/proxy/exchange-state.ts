// One HTTP exchange through the proxy: which client requests it carried, which session it
// belongs to, and which answer faults apply to the backend messages it relays back.
import { describeApplication } from './fault-rule-set';
import type { AnswerFault, MalformedVariant } from './fault.types';
import type { MessageSubject, TrafficMessage } from './json-rpc-traffic';
import type { ProxyContext } from './proxy-context';

/** What to do with one backend message (or acknowledgement) before the client gets it. */
export interface AnswerPlan {
  /** Total of the matching delays. */
  readonly delayMs: number;
  /** Destroy the connection instead of relaying. */
  readonly drop: boolean;
  /** Replace the message's JSON this way before relaying it. */
  readonly malformed?: MalformedVariant;
}

export class ExchangeState {
  private readonly requests = new Map<string, MessageSubject>();

  constructor(
    private readonly context: ProxyContext,
    readonly httpMethod: string,
    /** Known from the request, or (legacy GET stream) from its `endpoint` event. */
    public session: string | undefined,
  ) {}

  /** Remembers the client's requests so their responses can be matched by the request. */
  registerClientRequests(messages: readonly TrafficMessage[]): void {
    for (const message of messages) {
      if (message.kind !== 'request' || message.idKey === undefined) continue;
      this.requests.set(message.idKey, message.subject);
      if (this.session !== undefined) this.context.pending.add(this.session, message.idKey, message.subject);
    }
  }

  get carriedRequests(): boolean {
    return this.requests.size > 0;
  }

  /** The answer faults for backend messages relayed on this exchange, used up; none → undefined. */
  planForBackendMessages(messages: readonly TrafficMessage[]): AnswerPlan | undefined {
    const plan = this.plan(messages.map((message) => this.subjectOf(message)));
    // A dropped response was not delivered: if it comes again (a resumed stream replays it), it
    // still answers the same request.
    if (plan?.drop !== true && this.session !== undefined) {
      for (const { kind, idKey } of messages) {
        if (kind === 'response' && idKey !== undefined) this.context.pending.forget(this.session, idKey);
      }
    }
    return plan;
  }

  /**
   * The answer faults for the acknowledgement (202) of a POST that carried only notifications or
   * responses: the acknowledgement stands for their answer.
   */
  planForAcknowledgement(clientMessages: readonly TrafficMessage[]): AnswerPlan | undefined {
    if (this.carriedRequests || clientMessages.length === 0) return undefined;
    return this.plan(clientMessages.map((message) => message.subject));
  }

  private plan(subjects: readonly MessageSubject[]): AnswerPlan | undefined {
    const site = { httpMethod: this.httpMethod, subjects };
    const faults = this.context.rules.takeAnswerFaults(site);
    if (faults.length === 0) return undefined;
    for (const fault of faults) this.context.stats.recordFault(describeApplication(fault, site));
    return combine(faults);
  }

  /** A response is matched by the request it answers; anything else by its own method. */
  private subjectOf(message: TrafficMessage): MessageSubject {
    if (message.kind !== 'response' || message.idKey === undefined) return message.subject;
    const fromSession =
      this.session === undefined ? undefined : this.context.pending.find(this.session, message.idKey);
    return this.requests.get(message.idKey) ?? fromSession ?? {};
  }
}

function combine(faults: readonly AnswerFault[]): AnswerPlan {
  let delayMs = 0;
  let drop = false;
  let malformed: MalformedVariant | undefined;
  for (const fault of faults) {
    switch (fault.kind) {
      case 'delay':
        delayMs += fault.ms;
        break;
      case 'drop-connection':
        drop = true;
        break;
      case 'malformed':
        malformed ??= fault.variant ?? 'invalid-json';
        break;
    }
  }
  return malformed === undefined ? { delayMs, drop } : { delayMs, drop, malformed };
}
