// One row of `term_bridge.tap_events`: a persisted diagnostic event.
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'tap_events' })
export class TapEventEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id!: string;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;

  @Column({ type: 'text' })
  kind!: string;

  @Column({ name: 'session_name', type: 'text', nullable: true })
  sessionName!: string | null;

  @Column({ type: 'jsonb' })
  data!: object;
}
