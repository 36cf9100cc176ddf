// One row of `mcp_gateway.app_keys` (spec 2.1 "AppKey record"): AppKeys, machine clients and
// administrator keys. Only the SHA-256 digest of a key is stored; revoked rows stay for the
// audit trail and never authenticate again.
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { IdentitySource } from '../identity/identity-source';

/** `app_key` and `client` authenticate machines (role McpClient); `admin` authenticates operators. */
export type AppKeyKind = 'app_key' | 'client' | 'admin';

@Entity({ name: 'app_keys' })
export class AppKeyEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text' })
  kind!: AppKeyKind;

  @Column({ type: 'text' })
  name!: string;

  /** The spec's Username: the owner's name within `identitySource`. */
  @Column({ type: 'text' })
  username!: string;

  /**
   * Where the owner's name comes from (`sso`, `oidc:<issuer>#<claim>`, `admin-key`, `unassigned`;
   * identity/identity-source.ts). Owners are matched on both: a name alone is nobody.
   */
  @Column({ name: 'identity_source', type: 'text' })
  identitySource!: IdentitySource;

  @Column({ name: 'key_prefix', type: 'text' })
  keyPrefix!: string;

  /** The spec's EncryptedKey: SHA-256 hex of the whole key. Never returned by the API. */
  @Column({ name: 'encrypted_key', type: 'char', length: 64 })
  encryptedKey!: string;

  /** The spec's ScopesJson (a JSON array; the database checks that). Items are checked when read. */
  @Column({ name: 'scopes_json', type: 'jsonb' })
  scopes!: (string | number | boolean | object | null)[];

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'owner_sid', type: 'text', default: '' })
  ownerSid!: string;

  @Column({ name: 'created_by', type: 'text' })
  createdBy!: string;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @Column({ name: 'revoked_by', type: 'text', nullable: true })
  revokedBy!: string | null;

  @Column({ name: 'rotated_from', type: 'uuid', nullable: true })
  rotatedFrom!: string | null;
}
