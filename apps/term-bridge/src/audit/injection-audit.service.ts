// Writes the audit row of an injection before anything is typed: when the audit cannot be
// written, nothing is typed (fail closed), so every keystroke the bridge sends is accounted for.
// When the text itself is not kept, its digest is keyed (HMAC-SHA-256 with the bridge's API key):
// a plain SHA-256 of a short password typed at a prompt is recovered by guessing, from the
// database alone (docs/decisions/018).
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { BridgeErrors } from '../errors/bridge-errors';
import type { InjectionAuditEntity, InjectionChannel, InjectionKind } from './injection-audit.entity';
import { InjectionAuditRepository } from './injection-audit.repository';

export const AUDIT_SETTINGS = Symbol('AUDIT_SETTINGS');

export interface AuditSettings {
  /** Keep the typed text (TERM_BRIDGE_AUDIT_TEXT). */
  readonly storesText: boolean;
  /**
   * The key of the digest when the text is not kept: the bridge's API key. Without one (local
   * development without auth) a random key of this process, so digests compare within one run.
   */
  readonly digestKey?: string;
}

export interface InjectionRecord {
  readonly keyId: string;
  readonly channel: InjectionChannel;
  readonly sessionName: string;
  readonly kind: InjectionKind;
  readonly input: string;
  readonly requestId?: string;
}

@Injectable()
export class InjectionAuditService {
  private readonly logger = new Logger('InjectionAudit');

  constructor(
    private readonly audit: InjectionAuditRepository,
    @Inject(AUDIT_SETTINGS) private readonly settings: AuditSettings,
  ) {
    this.digestKey = settings.digestKey ?? randomBytes(32).toString('hex');
  }

  private readonly digestKey: string;

  /** Records the injection; throws the 503 domain error if the row cannot be written. */
  async record(injection: InjectionRecord): Promise<void> {
    try {
      await this.audit.insert({
        keyId: injection.keyId,
        channel: injection.channel,
        sessionName: injection.sessionName,
        inputKind: injection.kind,
        inputLength: Buffer.byteLength(injection.input, 'utf8'),
        inputSha256: this.digestOf(injection.input),
        inputText: this.settings.storesText ? injection.input : null,
        requestId: injection.requestId ?? null,
      });
    } catch (error) {
      this.logger.error({ err: error }, 'Could not write the injection audit; nothing was typed');
      throw BridgeErrors.auditUnavailable();
    }
  }

  /** SHA-256 next to the text it digests; keyed when the text is not kept. */
  private digestOf(input: string): string {
    return this.settings.storesText
      ? createHash('sha256').update(input, 'utf8').digest('hex')
      : createHmac('sha256', this.digestKey).update(input, 'utf8').digest('hex');
  }

  /** The most recent rows, newest first (diagnostics and tests). */
  recent(limit: number): Promise<InjectionAuditEntity[]> {
    return this.audit.recent(limit);
  }
}
