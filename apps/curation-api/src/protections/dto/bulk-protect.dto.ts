// Body of POST /api/v1/catalog/protect: one protect or unprotect for many items, all or nothing.
import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, Matches, MaxLength } from 'class-validator';
import { CATALOG_ITEM_ID_MAX_LENGTH, CATALOG_ITEM_ID_PATTERN } from '../../catalog/catalog-item-id';
import { ProtectDto } from './protect.dto';

export const BULK_MAX_IDS = 500;

export class BulkProtectDto extends ProtectDto {
  @ApiProperty({
    type: [String],
    minItems: 1,
    maxItems: BULK_MAX_IDS,
    example: ['movie-tmdb-603', 'series-tvdb-81189'],
    description: 'Catalog item ids, each once.',
  })
  @IsArray({ message: 'ids must be an array of catalog item ids' })
  @ArrayMinSize(1, { message: 'ids must name at least one item' })
  @ArrayMaxSize(BULK_MAX_IDS, { message: `ids must name at most ${BULK_MAX_IDS} items` })
  @IsString({ each: true, message: 'each of ids must be a string' })
  @MaxLength(CATALOG_ITEM_ID_MAX_LENGTH, {
    each: true,
    message: `each of ids must be at most ${CATALOG_ITEM_ID_MAX_LENGTH} characters`,
  })
  @Matches(CATALOG_ITEM_ID_PATTERN, {
    each: true,
    message: 'each of ids must be a catalog item id such as movie-tmdb-603 or series-tvdb-81189',
  })
  ids!: string[];
}
