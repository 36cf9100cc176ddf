// Writes the audit row of an injection before anything is typed: when the audit cannot be
// written, nothing is typed (fail closed), so every keystroke the bridge sends is accounted for.
import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { BridgeErrors } from '../errors/bridge-errors';
import { InjectionAuditEntity, type InjectionChannel, type InjectionKind } from './injection-audit.entity';

export const AUDIT_STORES_TEXT = Symbol('AUDIT_STORES_TEXT');

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
    @InjectRepository(InjectionAuditEntity) private readonly audit: Repository<InjectionAuditEntity>,
    @Inject(AUDIT_STORES_TEXT) private readonly storesText: boolean,
  ) {}

  /** Records the injection; throws the 503 domain error if the row cannot be written. */
  async record(injection: InjectionRecord): Promise<void> {
    try {
      await this.audit.insert({
        keyId: injection.keyId,
        channel: injection.channel,
        sessionName: injection.sessionName,
        inputKind: injection.kind,
        inputLength: Buffer.byteLength(injection.input, 'utf8'),
        inputSha256: createHash('sha256').update(injection.input, 'utf8').digest('hex'),
        inputText: this.storesText ? injection.input : null,
        requestId: injection.requestId ?? null,
      });
    } catch (error) {
      this.logger.error({ err: error }, 'Could not write the injection audit; nothing was typed');
      throw BridgeErrors.auditUnavailable();
    }
  }

  /** The most recent rows, newest first (diagnostics and tests). */
  recent(limit: number): Promise<InjectionAuditEntity[]> {
    return this.audit.find({ order: { id: 'DESC' }, take: limit });
  }
}
