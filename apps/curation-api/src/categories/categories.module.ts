// The smart categories (issue 17): their endpoint, and the scope and predicates the catalog shares.
import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module';
import { CategoriesController } from './categories.controller';
import { CategoriesService } from './categories.service';
import { CategoryScopeService } from './category-scope.service';
import { CategoryTotalsRepository } from './category-totals.repository';
import { KnownUsersRepository } from './known-users.repository';

@Module({
  imports: [SettingsModule],
  controllers: [CategoriesController],
  providers: [CategoriesService, CategoryScopeService, CategoryTotalsRepository, KnownUsersRepository],
  exports: [CategoryScopeService, CategoriesService],
})
export class CategoriesModule {}
