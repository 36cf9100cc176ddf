// One row of `term_bridge.injection_audit`: one input the bridge typed into a session.
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type InjectionChannel = 'chat' | 'mcp';
export type InjectionKind = 'text' | 'keys';

@Entity({ name: 'injection_audit' })
export class InjectionAuditEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id!: string;

  @Column({ name: 'occurred_at', type: 'timestamptz', default: () => 'now()' })
  occurredAt!: Date;

  /** The caller's key fingerprint (`key-…`), or `anonymous` without authentication. */
  @Column({ name: 'key_id', type: 'text' })
  keyId!: string;

  @Column({ type: 'text' })
  channel!: InjectionChannel;

  @Column({ name: 'session_name', type: 'text' })
  sessionName!: string;

  @Column({ name: 'input_kind', type: 'text' })
  inputKind!: InjectionKind;

  /** UTF-8 bytes of the input (for keys: of their names joined by spaces). */
  @Column({ name: 'input_length', type: 'integer' })
  inputLength!: number;

  @Column({ name: 'input_sha256', type: 'text' })
  inputSha256!: string;

  /** The input itself, unless TERM_BRIDGE_AUDIT_TEXT is off. */
  @Column({ name: 'input_text', type: 'text', nullable: true })
  inputText!: string | null;

  @Column({ name: 'request_id', type: 'text', nullable: true })
  requestId!: string | null;
}
