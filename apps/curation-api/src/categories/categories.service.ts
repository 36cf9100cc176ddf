// The category summaries: totals from SQL, names and rule descriptions from the same settings.
import { Injectable } from '@nestjs/common';
import { CATEGORY_IDS, CATEGORY_NAMES, type CategoryId, describeCategory } from './category-definitions';
import { CategoryScopeService } from './category-scope.service';
import { CategoryTotalsRepository } from './category-totals.repository';

export interface CategorySummary {
  readonly id: CategoryId;
  readonly name: string;
  readonly description: string;
  readonly count: number;
  readonly sizeBytes: number;
  readonly reclaimableSizeBytes: number;
}

@Injectable()
export class CategoriesService {
  constructor(
    private readonly scopes: CategoryScopeService,
    private readonly totals: CategoryTotalsRepository,
  ) {}

  async summaries(userId: string | undefined): Promise<CategorySummary[]> {
    const scope = await this.scopes.scopeFor(userId);
    const totals = await this.totals.totals(scope);
    return CATEGORY_IDS.map((id) => ({
      id,
      name: CATEGORY_NAMES[id],
      description: describeCategory(id, scope.settings, scope.userId !== null),
      ...totals[id],
    }));
  }
}
