// GET /api/v1/catalog and GET /api/v1/catalog/{id} (spec 4.3; any signed-in caller).
import { Controller, Get, Param, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { SignedIn } from '../access/curation-roles';
import { CATEGORY_IDS } from '../categories/category-definitions';
import { ACCOUNT_ID } from '../categories/category-scope.service';
import {
  DEFAULT_LIMIT,
  MAX_LIMIT,
  MEDIA_TYPES,
  PRE2017_FILTERS,
  RESOLUTIONS,
  SORT_KEYS,
} from './catalog-query';
import { MAX_SEARCH_LENGTH, parseCatalogQuery, USER_CUTOFF_YEARS } from './catalog-query.parser';
import { CatalogItemDetailsView } from './catalog-item-details.view';
import { CatalogListView } from './catalog-list.view';
import { type CatalogItemDetails, CatalogService } from './catalog.service';
import { ApiPagingQueries } from './paging-query.api';

const USER_ID = { type: 'string', pattern: ACCOUNT_ID.source } as const;
// The parser takes true/false/1/0 in any case; clients send true or false.
const BOOLEAN = { type: 'boolean' } as const;

@ApiTags('catalog')
@Controller('api/v1/catalog')
@SignedIn()
export class CatalogController {
  constructor(private readonly catalog: CatalogService) {}

  @Get()
  @ApiOperation({ summary: 'The catalog, filtered, sorted and paged; total counts every match.' })
  @ApiQuery({ name: 'category', required: false, enum: CATEGORY_IDS, description: 'Members of it only.' })
  @ApiQuery({
    name: 'userId',
    required: false,
    schema: USER_ID,
    description:
      "A user id from GET /api/v1/auth/users: plays, lastWatchedAt, categories and watch-based filters and sorts use this user's history.",
  })
  @ApiQuery({
    name: 'requestedBy',
    required: false,
    schema: USER_ID,
    description: 'A user id: items this user requested in Overseerr.',
  })
  @ApiQuery({ name: 'mediaType', required: false, enum: MEDIA_TYPES })
  @ApiQuery({
    name: 'search',
    required: false,
    schema: { type: 'string', maxLength: MAX_SEARCH_LENGTH },
    description: 'The title contains it, ignoring case and accents.',
  })
  @ApiQuery({
    name: 'resolution',
    required: false,
    enum: RESOLUTIONS,
    description: "The best copy's resolution bucket.",
  })
  @ApiQuery({
    name: 'cutoffUnmet',
    required: false,
    schema: BOOLEAN,
    description: 'Some copy below its cutoff (true) or none (false).',
  })
  @ApiQuery({
    name: 'pre2017Filter',
    required: false,
    schema: { type: 'string', enum: [...PRE2017_FILTERS], default: 'all' },
    description:
      'Items released before the cutoff year, or added before 1 January of it: all, exclude or only.',
  })
  @ApiQuery({
    name: 'userCutoffYear',
    required: false,
    schema: { type: 'integer', minimum: USER_CUTOFF_YEARS.min, maximum: USER_CUTOFF_YEARS.max },
    description: 'The cutoff year of pre2017Filter; default the pre2017CutoffYear setting.',
  })
  @ApiQuery({
    name: 'sortBy',
    required: false,
    schema: { type: 'string', enum: [...SORT_KEYS], default: 'size' },
    description: 'Items without the value (never watched, no added date) come last either way.',
  })
  @ApiQuery({
    name: 'sortDesc',
    required: false,
    schema: BOOLEAN,
    description: 'Descending. Default: true without sortBy (largest first), false with it.',
  })
  @ApiPagingQueries(DEFAULT_LIMIT, MAX_LIMIT)
  @ApiOkResponse({ type: CatalogListView })
  @ApiBadRequestResponse({
    description: 'An unknown, repeated or invalid parameter (query.invalid-parameter names it).',
  })
  @ApiNotFoundResponse({ description: 'userId or requestedBy names no known user.' })
  async list(@Query() query: Record<string, unknown>): Promise<CatalogListView> {
    return this.catalog.list(parseCatalogQuery(query));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One item with its copies, seasons, watch statistics, requests and protection.' })
  @ApiOkResponse({ type: CatalogItemDetailsView })
  @ApiNotFoundResponse({ description: 'No catalog item has this id (catalog.item-not-found).' })
  async item(@Param('id') id: string): Promise<CatalogItemDetails> {
    return this.catalog.item(id);
  }
}
