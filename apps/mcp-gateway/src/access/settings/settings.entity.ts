// The single row of `mcp_gateway.settings`: key quotas (spec 2.1 "Settings", 8 "GlobalMaxKeys,
// UserMaxKeys": integers, default 0, 0 means unlimited).
import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'settings' })
export class SettingsEntity {
  @PrimaryColumn({ type: 'smallint' })
  id!: number;

  @Column({ name: 'global_max_keys', type: 'integer' })
  globalMaxKeys!: number;

  @Column({ name: 'user_max_keys', type: 'integer' })
  userMaxKeys!: number;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @Column({ name: 'updated_by', type: 'text' })
  updatedBy!: string;
}
