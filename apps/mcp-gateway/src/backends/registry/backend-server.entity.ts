// One row of `mcp_gateway.backend_servers`.
import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { AuthShape, BackendTransport, SecretProvider } from '../backend-server';

/** Where a server is defined; `builtin` servers live in code and are never stored. */
export type ServerSource = 'file' | 'api' | 'builtin';

@Entity({ name: 'backend_servers' })
export class BackendServerEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ name: 'display_name', type: 'text' })
  displayName!: string;

  @Column({ type: 'text', nullable: true })
  alias!: string | null;

  @Column({ type: 'text' })
  url!: string;

  @Column({ type: 'text' })
  type!: BackendTransport;

  @Column({ type: 'jsonb' })
  categories!: string[];

  @Column({ type: 'boolean' })
  enabled!: boolean;

  @Column({ type: 'boolean' })
  hidden!: boolean;

  @Column({ name: 'secret_provider', type: 'text' })
  secretProvider!: SecretProvider;

  @Column({ name: 'secret_path', type: 'text', nullable: true })
  secretPath!: string | null;

  @Column({ name: 'secret_field', type: 'text', nullable: true })
  secretField!: string | null;

  @Column({ name: 'secret_item_key', type: 'text', nullable: true })
  secretItemKey!: string | null;

  @Column({ name: 'auth_shape', type: 'text' })
  authShape!: AuthShape;

  @Column({ name: 'auth_parameter', type: 'text', nullable: true })
  authParameter!: string | null;

  @Column({ type: 'jsonb' })
  headers!: Record<string, string>;

  @Column({ name: 'allow_pass_through_auth', type: 'boolean' })
  allowPassThroughAuth!: boolean;

  @Column({ name: 'request_timeout_ms', type: 'integer' })
  requestTimeoutMs!: number;

  @Column({ type: 'text' })
  source!: ServerSource;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;

  @Column({ name: 'updated_by', type: 'text' })
  updatedBy!: string;
}
