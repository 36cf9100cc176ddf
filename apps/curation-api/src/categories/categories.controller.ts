// GET /api/v1/categories[?userId=]: the ten smart categories with count, size and reclaimable size.
import { Controller, Get, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { SignedIn } from '../access/curation-roles';
import { CategoriesService } from './categories.service';
import { ACCOUNT_ID } from './category-scope.service';
import { CategorySummaryView } from './category-summary.view';
import { singleQueryValue } from './single-query-value';

@ApiTags('categories')
@Controller('api/v1/categories')
@SignedIn()
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @Get()
  @ApiOperation({ summary: 'The ten smart categories, always in the same order.' })
  @ApiQuery({
    name: 'userId',
    required: false,
    schema: { type: 'string', pattern: ACCOUNT_ID.source },
    description: "A user id from GET /api/v1/auth/users: count only this user's plays and requests.",
  })
  @ApiOkResponse({ type: [CategorySummaryView] })
  @ApiBadRequestResponse({ description: 'userId is not a user id, or another parameter was given.' })
  @ApiNotFoundResponse({ description: 'userId names no known user.' })
  async list(@Query() query: Record<string, unknown>): Promise<CategorySummaryView[]> {
    return this.categories.summaries(singleQueryValue(query, 'userId', ['userId']));
  }
}
