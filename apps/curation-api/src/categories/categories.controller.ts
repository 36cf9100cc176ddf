// GET /api/v1/categories[?userId=]: the ten smart categories with count, size and reclaimable size.
import { Controller, Get, Query } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { SignedIn } from '../access/curation-roles';
import { CategoriesService, type CategorySummary } from './categories.service';
import { singleQueryValue } from './single-query-value';

@ApiTags('categories')
@Controller('api/v1/categories')
@SignedIn()
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @Get()
  @ApiQuery({ name: 'userId', required: false, description: "Count only this user's plays and requests." })
  async list(@Query() query: Record<string, unknown>): Promise<CategorySummary[]> {
    return this.categories.summaries(singleQueryValue(query, 'userId', ['userId']));
  }
}
