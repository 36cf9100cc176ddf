// The backend server registry (spec 2.1 "Backend server record"). Servers come from the
// declarative file (source `file`, owned by the file) or from the administration API
// (source `api`). Secrets are never stored here: only where to find them.
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateBackendServers1795400000000 implements MigrationInterface {
  name = 'CreateBackendServers1795400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "mcp_gateway"."backend_servers" (
        "id" text PRIMARY KEY CHECK ("id" ~ '^[a-z0-9]([a-z0-9_-]{0,62}[a-z0-9-])?$'),
        "display_name" text NOT NULL,
        "url" text NOT NULL,
        "type" text NOT NULL CHECK ("type" IN ('sse', 'http', 'streamable', 'stdio', 'custom')),
        "categories" jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof("categories") = 'array'),
        "enabled" boolean NOT NULL DEFAULT true,
        "hidden" boolean NOT NULL DEFAULT false,
        "secret_provider" text NOT NULL DEFAULT 'None',
        "secret_path" text,
        "secret_field" text,
        "secret_item_key" text,
        "auth_shape" text NOT NULL DEFAULT 'bearer',
        "auth_parameter" text,
        "headers" jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof("headers") = 'object'),
        "allow_pass_through_auth" boolean NOT NULL DEFAULT false,
        "request_timeout_ms" integer NOT NULL DEFAULT 15000 CHECK ("request_timeout_ms" > 0),
        "source" text NOT NULL CHECK ("source" IN ('file', 'api')),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        "updated_by" text NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "mcp_gateway"."backend_servers"');
  }
}
