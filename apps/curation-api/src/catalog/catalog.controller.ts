// GET /api/v1/catalog and GET /api/v1/catalog/{id} (spec 4.3; any signed-in caller).
import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SignedIn } from '../access/curation-roles';
import { parseCatalogQuery } from './catalog-query.parser';
import { type CatalogItemDetails, type CatalogListResponse, CatalogService } from './catalog.service';

@ApiTags('catalog')
@Controller('api/v1/catalog')
@SignedIn()
export class CatalogController {
  constructor(private readonly catalog: CatalogService) {}

  @Get()
  async list(@Query() query: Record<string, unknown>): Promise<CatalogListResponse> {
    return this.catalog.list(parseCatalogQuery(query));
  }

  @Get(':id')
  async item(@Param('id') id: string): Promise<CatalogItemDetails> {
    return this.catalog.item(id);
  }
}
