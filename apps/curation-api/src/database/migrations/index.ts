// Every migration of the curation schema, oldest first. New migrations are appended here;
// the list is explicit (not a file glob) so the bundled service knows them all.
import type { MigrationClass } from '@platform/service-kit';
import { CreateUsersAndBinding1796000000000 } from './1796000000000-create-users-and-binding';
import { CreateCatalogTables1796100000000 } from './1796100000000-create-catalog-tables';
import { CreateAccessTables1796300000000 } from './1796300000000-create-access-tables';
import { CreateSettingsAndCatalogIndexes1796400000000 } from './1796400000000-create-settings-and-catalog-indexes';
import { CreateAuditLedger1796500000000 } from './1796500000000-create-audit-ledger';
import { ProtectionRequestsByRequester1796600000000 } from './1796600000000-protection-requests-by-requester';
import { AuditRowCount1796650000000 } from './1796650000000-audit-row-count';
import { AddPruneSettings1796700000000 } from './1796700000000-add-prune-settings';
import { AddCategoryFacts1796800000000 } from './1796800000000-add-category-facts';
import { AddCatalogCountIndexes1796900000000 } from './1796900000000-add-catalog-count-indexes';
import { AuditIntentOwnerLocks1796910000000 } from './1796910000000-audit-intent-owner-locks';
import { CreateSyncSourceCache1796920000000 } from './1796920000000-create-sync-source-cache';
import { CreateSecretKeyCheck1797000000000 } from './1797000000000-create-secret-key-check';
import { IndexCategoryFacts1797010000000 } from './1797010000000-index-category-facts';
import { AddWatchItemAdded1797020000000 } from './1797020000000-add-watch-item-added';
import { AddCatalogItemThumb1797100000000 } from './1797100000000-add-catalog-item-thumb';

export const MIGRATIONS: readonly MigrationClass[] = [
  CreateUsersAndBinding1796000000000,
  CreateCatalogTables1796100000000,
  CreateAccessTables1796300000000,
  CreateSettingsAndCatalogIndexes1796400000000,
  CreateAuditLedger1796500000000,
  ProtectionRequestsByRequester1796600000000,
  AuditRowCount1796650000000,
  AddPruneSettings1796700000000,
  AddCategoryFacts1796800000000,
  AddCatalogCountIndexes1796900000000,
  AuditIntentOwnerLocks1796910000000,
  CreateSyncSourceCache1796920000000,
  CreateSecretKeyCheck1797000000000,
  IndexCategoryFacts1797010000000,
  AddWatchItemAdded1797020000000,
  AddCatalogItemThumb1797100000000,
];
