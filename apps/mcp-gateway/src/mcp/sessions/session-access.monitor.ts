// Ends the sessions whose owner lost access, so that no session outlives the decisions that
// admitted it (docs/decisions/020-one-decision-per-item-in-every-view.md). Once a second every live
// session is checked again with the rules as they are then: its owner's credential (an AppKey
// revoked, rotated away or expired, an OAuth token past its expiry) and its view (a direct view's
// server disabled or removed, the direct-proxy right withdrawn by a policy or a mapping). A
// session refused for good is ended: its open stream closes and what it still waits for upstream
// is cancelled. Items need no sweep: every request and every list change is decided with the
// current rules when it happens.
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { AccessControlService } from '../../access/access-control.service';
import { AuthenticationService } from '../../access/authentication/authentication.service';
import type { Principal } from '../../access/principal';
import { ServerRegistry } from '../../backends/registry/server-registry.service';
import { ChangeFeed } from '../../replicas/change-feed';
import type { ClientSession } from './client-session';
import { McpRequestGuard } from '../transport/request-guard.service';
import { SessionRegistry } from './session.registry';

/** How often sessions are checked again: the same second in which policy changes reach a replica. */
export const SESSION_RECHECK_INTERVAL_MS = 1_000;

/** What a direct session was last admitted under: re-deciding waits until one of these changes. */
interface Admission {
  readonly principal: Principal;
  readonly inputs: string;
}

@Injectable()
export class SessionAccessMonitor implements OnModuleDestroy {
  private readonly logger = new Logger('SessionAccess');
  private readonly timer: NodeJS.Timeout;
  private readonly unsubscribe: () => void;
  private readonly stopListening: () => void;
  private readonly admissions = new WeakMap<ClientSession, Admission>();
  private registryGeneration = 0;
  private running?: Promise<void>;

  constructor(
    private readonly sessions: SessionRegistry,
    private readonly guard: McpRequestGuard,
    private readonly authentication: AuthenticationService,
    private readonly access: AccessControlService,
    registry: ServerRegistry,
    feed: ChangeFeed,
  ) {
    this.unsubscribe = registry.onChange(() => {
      this.registryGeneration += 1;
    });
    // A key revoked or rules changed on another replica: its sessions here end now, not at the next
    // pass (on the next turn, once the caches have dropped what the notice names).
    this.stopListening = feed.on((event) => {
      if (event.kind !== 'servers') setImmediate(() => void this.recheck());
    });
    this.timer = setInterval(() => void this.recheck(), SESSION_RECHECK_INTERVAL_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
    this.unsubscribe();
    this.stopListening();
  }

  /** Checks every live session once and ends those refused for good; overlapping calls share one pass. */
  recheck(): Promise<void> {
    this.running ??= this.recheckAll()
      .catch((error: unknown) => this.logger.warn({ err: error }, 'Could not check sessions again'))
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  private async recheckAll(): Promise<void> {
    const now = new Date();
    const keys = new Map<string, Promise<boolean>>();
    let inputs: Promise<string | undefined> | undefined;
    for (const session of this.sessions.all()) {
      const principal = session.principal;
      if (!(await this.credentialValid(principal, now, keys))) {
        this.end(session, 'its credential was revoked or has expired');
        continue;
      }
      if (session.mode.kind !== 'direct') continue;
      inputs ??= this.access.decisionInputsVersion();
      const refusal = await this.viewRefusal(session, principal, await inputs);
      if (refusal !== undefined) this.end(session, refusal);
    }
  }

  /**
   * Whether the owner's credential is still accepted. One lookup per key and pass, however many
   * sessions it has; a lookup that fails says nothing about the key (its requests are refused
   * meanwhile, as authentication fails closed), so the session is kept.
   */
  private async credentialValid(
    principal: Principal,
    now: Date,
    keys: Map<string, Promise<boolean>>,
  ): Promise<boolean> {
    const keyId = principal.appKey?.id;
    let valid = keyId === undefined ? undefined : keys.get(keyId);
    if (valid === undefined) {
      valid = this.authentication.stillValid(principal, now).catch(() => true);
      if (keyId !== undefined) keys.set(keyId, valid);
    }
    return valid;
  }

  /**
   * The reason a direct session may no longer use its view, decided again only when the owner,
   * the rules or the servers changed since it was last admitted. Undefined while the rules cannot
   * be read: a refusal for that reason is not the caller's and does not end a session.
   */
  private async viewRefusal(
    session: ClientSession,
    principal: Principal,
    rules: string | undefined,
  ): Promise<string | undefined> {
    if (rules === undefined) return undefined;
    const inputs = `${rules}:${this.registryGeneration}`;
    const admitted = this.admissions.get(session);
    if (admitted?.principal === principal && admitted.inputs === inputs) return undefined;
    const refusal = await this.guard.viewRefusal(principal, session.mode);
    if (refusal === undefined) {
      this.admissions.set(session, { principal, inputs });
      return undefined;
    }
    return refusal.lasting ? refusal.message : undefined;
  }

  private end(session: ClientSession, reason: string): void {
    this.logger.log(
      `Ended ${session.transport} session on the ${describeView(session)} of ${session.ownerKey}: ${reason}`,
    );
    this.sessions.end(session.id);
  }
}

function describeView(session: ClientSession): string {
  const { mode } = session;
  return mode.kind === 'direct' ? `direct view of '${mode.serverId}'` : `${mode.kind} view`;
}
