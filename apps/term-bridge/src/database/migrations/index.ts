// Every migration of the term_bridge schema, oldest first. New migrations are appended here;
// the list is explicit (not a file glob) so the bundled service knows them all.
import type { MigrationClass } from '@platform/service-kit';
import { CreateTermBridgeTables1796200000000 } from './1796200000000-create-term-bridge-tables';

export const MIGRATIONS: readonly MigrationClass[] = [CreateTermBridgeTables1796200000000];
