// The catalog list and item details: checks the users a query names, reads the scope's settings,
// and shapes rows into the API's items (times as ISO 8601 UTC strings).
import { Injectable } from '@nestjs/common';
import { CategoryScopeService } from '../categories/category-scope.service';
import type { CatalogQuery } from './catalog-query';
import { CatalogDetailRepository, type ItemDetailRows } from './catalog-detail.repository';
import { CatalogErrors } from './catalog-errors';
import { type CatalogItemRow, CatalogRepository } from './catalog.repository';

export type CatalogItem = Omit<CatalogItemRow, 'addedAt' | 'lastWatchedAt'> & {
  readonly addedAt: string | null;
  readonly lastWatchedAt: string | null;
};

export interface CatalogListResponse {
  readonly items: CatalogItem[];
  readonly total: number;
  readonly limit: number;
  readonly offset: number;
}

export type CatalogItemDetails = CatalogItem & ItemDetailRows;

@Injectable()
export class CatalogService {
  constructor(
    private readonly scopes: CategoryScopeService,
    private readonly catalog: CatalogRepository,
    private readonly details: CatalogDetailRepository,
  ) {}

  async list(query: CatalogQuery): Promise<CatalogListResponse> {
    const scope = await this.scopes.scopeFor(query.userId);
    const requestedBy =
      query.requestedBy === undefined
        ? undefined
        : await this.scopes.knownUser('requestedBy', query.requestedBy);
    const page = await this.catalog.list(
      { ...query, requestedBy, pre2017CutoffYear: scope.settings.pre2017CutoffYear },
      scope,
    );
    return { items: page.rows.map(itemOf), total: page.total, limit: query.limit, offset: query.offset };
  }

  async item(id: string): Promise<CatalogItemDetails> {
    const scope = await this.scopes.scopeFor(undefined);
    const row = await this.catalog.find(id, scope);
    if (row === null) throw CatalogErrors.itemNotFound(id);
    return { ...itemOf(row), ...(await this.details.details(id)) };
  }
}

function itemOf(row: CatalogItemRow): CatalogItem {
  return {
    ...row,
    addedAt: row.addedAt?.toISOString() ?? null,
    lastWatchedAt: row.lastWatchedAt?.toISOString() ?? null,
  };
}
