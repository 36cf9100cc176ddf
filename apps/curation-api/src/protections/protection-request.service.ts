// Protection requests (docs/decisions/044): any signed-in caller asks for an item to be kept, an
// Admin approves (which protects it) or denies, the requester may withdraw while it is pending,
// and everyone sees the outcome of their own. Each step and its ledger row share one transaction.
import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '@platform/service-kit';
import type { EntityManager } from 'typeorm';
import { actorName, type Caller } from '../access/caller';
import { AuditAction } from '../audit/audit-actions';
import { AuditLedger } from '../audit/audit-ledger';
import { checkedText } from './checked-text';
import { ProtectionErrors } from './protection-errors';
import {
  type DecidedStatus,
  type ProtectionRequest,
  ProtectionRepository,
  type RequestStatus,
} from './protection.repository';
import { mediaOf, refuseWhilePruning } from './protection.service';
import {
  type ProtectionRequestPageView,
  protectionRequestView,
  type ProtectionRequestView,
} from './protection-views';
import { requesterOf } from './requester';

const DECISION_ACTIONS: Readonly<Record<DecidedStatus, AuditAction>> = {
  approved: AuditAction.ProtectionRequestApproved,
  denied: AuditAction.ProtectionRequestDenied,
  withdrawn: AuditAction.ProtectionRequestWithdrawn,
};

export interface RequestListQuery {
  readonly status?: RequestStatus;
  readonly limit: number;
  readonly offset: number;
}

@Injectable()
export class ProtectionRequestService {
  constructor(
    private readonly protections: ProtectionRepository,
    private readonly ledger: AuditLedger,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Files a pending request; 404 unknown item, 409 protected already or pending from this caller. */
  async request(caller: Caller, itemId: string, reasonGiven: string): Promise<ProtectionRequestView> {
    const reason = checkedText('reason', reasonGiven);
    if (reason === undefined)
      throw ProtectionErrors.invalidText('reason', 'reason must say why the item should stay');
    const requester = requesterOf(caller);
    return this.protections.transaction(async (manager) => {
      const subject = (await this.protections.catalogItems([itemId], manager)).get(itemId);
      if (subject === undefined) throw ProtectionErrors.itemNotFound(itemId);
      if ((await this.protections.protections([itemId], manager)).has(itemId))
        throw ProtectionErrors.alreadyProtected(itemId, subject.title);
      await refuseWhilePruning(this.ledger, [itemId], manager);
      const at = this.clock.now();
      const id = await this.protections.insertRequest({ itemId, requester, reason, at }, manager);
      if (id === null) {
        const pending = await this.protections.pendingRequestOf(itemId, requester.key, manager);
        throw ProtectionErrors.requestPending(itemId, subject.title, pending?.id ?? 'unknown');
      }
      await this.ledger.record(
        caller,
        {
          action: AuditAction.ProtectionRequested,
          title: subject.title,
          media: mediaOf(itemId),
          details: { requestId: id, reason },
        },
        manager,
      );
      return protectionRequestView(await this.found(id, manager));
    });
  }

  /** Admins see every request; everyone else their own. */
  async list(caller: Caller, query: RequestListQuery): Promise<ProtectionRequestPageView> {
    const requesterKey = caller.role === 'Admin' ? undefined : requesterOf(caller).key;
    const page = await this.protections.listRequests(
      { status: query.status, requesterKey },
      { limit: query.limit, offset: query.offset },
    );
    return {
      requests: page.rows.map(protectionRequestView),
      total: page.total,
      limit: query.limit,
      offset: query.offset,
    };
  }

  /** Approves a pending request and protects its item (kept as it is when protected already). */
  approve(caller: Caller, requestId: string, note?: string): Promise<ProtectionRequestView> {
    return this.decide(caller, requestId, 'approved', note);
  }

  deny(caller: Caller, requestId: string, note?: string): Promise<ProtectionRequestView> {
    return this.decide(caller, requestId, 'denied', note);
  }

  /** The requester takes back their own pending request; others' requests are not visible here. */
  withdraw(caller: Caller, requestId: string, note?: string): Promise<ProtectionRequestView> {
    return this.decide(caller, requestId, 'withdrawn', note);
  }

  private async decide(
    caller: Caller,
    requestId: string,
    status: DecidedStatus,
    note: string | undefined,
  ): Promise<ProtectionRequestView> {
    const checkedNote = checkedText('note', note) ?? null;
    return this.protections.transaction(async (manager) => {
      const request = await this.protections.findRequest(requestId, manager);
      if (request === null) throw ProtectionErrors.requestNotFound(requestId);
      if (status === 'withdrawn' && request.requesterKey !== requesterOf(caller).key)
        throw ProtectionErrors.requestNotFound(requestId);
      const at = this.clock.now();
      const by = actorName(caller);
      const decision = { status, by, note: checkedNote, at };
      if (!(await this.protections.decide(requestId, decision, manager))) {
        // Decided already, maybe a moment ago by a concurrent call: name the status that won.
        const now = await this.found(requestId, manager);
        throw ProtectionErrors.requestDecided(requestId, now.status);
      }
      const protectedNow =
        status === 'approved' &&
        (await this.protections.protectIfUnprotected(
          request.itemId,
          { reason: request.reason, protectedBy: by, at },
          manager,
        ));
      await this.recordDecision(caller, request, { status, note: decision.note, protectedNow }, manager);
      return protectionRequestView(await this.found(requestId, manager));
    });
  }

  private async recordDecision(
    caller: Caller,
    request: ProtectionRequest,
    decision: {
      readonly status: DecidedStatus;
      readonly note: string | null;
      readonly protectedNow: boolean;
    },
    manager: EntityManager,
  ): Promise<void> {
    await this.ledger.record(
      caller,
      {
        action: DECISION_ACTIONS[decision.status],
        title: request.title ?? request.itemId,
        media: mediaOf(request.itemId),
        details: {
          requestId: request.id,
          requestedBy: request.requestedBy,
          reason: request.reason,
          note: decision.note,
          ...(decision.status === 'approved' ? { protectedNow: decision.protectedNow } : {}),
        },
      },
      manager,
    );
  }

  private async found(id: string, manager: EntityManager): Promise<ProtectionRequest> {
    const request = await this.protections.findRequest(id, manager);
    if (request === null) throw new Error(`protection request ${id} vanished inside its transaction`);
    return request;
  }
}
