// The catalog (issue 17): the filtered list of every item, one item's details, and its poster.
import { Module } from '@nestjs/common';
import { CategoriesModule } from '../categories/categories.module';
import { MediaServerModule } from '../mediaserver/media-server.module';
import { CatalogDetailRepository } from './catalog-detail.repository';
import { CatalogPosterController } from './catalog-poster.controller';
import { CatalogPosterService } from './catalog-poster.service';
import { CatalogController } from './catalog.controller';
import { CatalogRepository } from './catalog.repository';
import { CatalogService } from './catalog.service';

@Module({
  imports: [CategoriesModule, MediaServerModule],
  controllers: [CatalogController, CatalogPosterController],
  providers: [CatalogService, CatalogRepository, CatalogDetailRepository, CatalogPosterService],
  exports: [CatalogService],
})
export class CatalogModule {}
