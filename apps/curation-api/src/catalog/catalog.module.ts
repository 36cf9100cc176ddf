// The catalog (issue 17): the filtered list of every item and one item's details.
import { Module } from '@nestjs/common';
import { CategoriesModule } from '../categories/categories.module';
import { CatalogDetailRepository } from './catalog-detail.repository';
import { CatalogController } from './catalog.controller';
import { CatalogRepository } from './catalog.repository';
import { CatalogService } from './catalog.service';

@Module({
  imports: [CategoriesModule],
  controllers: [CatalogController],
  providers: [CatalogService, CatalogRepository, CatalogDetailRepository],
  exports: [CatalogService],
})
export class CatalogModule {}
