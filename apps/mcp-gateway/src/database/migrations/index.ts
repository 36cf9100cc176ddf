// Every migration of the mcp_gateway schema, oldest first. New migrations are appended here;
// the list is explicit (not a file glob) so the bundled service knows them all.
import type { MigrationClass } from '@platform/service-kit';
import { CreateAccessTables1795300000000 } from './1795300000000-create-access-tables';
import { CreateBackendServers1795400000000 } from './1795400000000-create-backend-servers';
import { AddServerAlias1795500000000 } from './1795500000000-add-server-alias';
import { RecordDefaultPolicySeeding1795623000000 } from './1795623000000-record-default-policy-seeding';
import { CompareNamesInAsciiCase1795700019000 } from './1795700019000-compare-names-in-ascii-case';
import { RecordIdentitySources1795800019000 } from './1795800019000-record-identity-sources';

export const MIGRATIONS: readonly MigrationClass[] = [
  CreateAccessTables1795300000000,
  CreateBackendServers1795400000000,
  AddServerAlias1795500000000,
  RecordDefaultPolicySeeding1795623000000,
  CompareNamesInAsciiCase1795700019000,
  RecordIdentitySources1795800019000,
];
