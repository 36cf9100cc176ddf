// A smart category as GET /api/v1/categories answers it, for the OpenAPI document; it implements
// the service's type, so the compiler refuses a documented shape that misses a returned field.
import { ApiProperty } from '@nestjs/swagger';
import type { CategorySummary } from './categories.service';
import { CATEGORY_IDS, type CategoryId } from './category-definitions';

export class CategorySummaryView implements CategorySummary {
  @ApiProperty({ enum: CATEGORY_IDS })
  id!: CategoryId;

  @ApiProperty({ example: 'Never watched' })
  name!: string;

  @ApiProperty({ description: "The rule, with the current settings' numbers." })
  description!: string;

  @ApiProperty({ type: 'integer', description: 'How many items are members.' })
  count!: number;

  @ApiProperty({ type: 'integer', description: "The members' files, each counted once, in bytes." })
  sizeBytes!: number;

  @ApiProperty({
    type: 'integer',
    description:
      'What pruning the members that are neither protected nor requested for protection would free, in bytes.',
  })
  reclaimableSizeBytes!: number;
}
