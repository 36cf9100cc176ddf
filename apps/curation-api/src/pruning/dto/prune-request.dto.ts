// Body of POST /api/v1/prune: spec 4.3's prune request plus `dryRun` (issue 18). Every field is
// checked here, so the service only ever sees a well-formed request.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsDefined,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { CATALOG_ITEM_ID_MAX_LENGTH, CATALOG_ITEM_ID_PATTERN } from '../../catalog/catalog-item-id';

/** More targets than any library has instances; bounds the work one request can ask for. */
export const MAX_PRUNE_TARGETS = 20;

/**
 * UUIDs in lower case, anything else as sent (for the validators to name). Postgres matches a UUID
 * in either case, so without this `ArrayUnique` would let one connection be named twice.
 */
function lowerCaseUuids(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((entry: unknown) => (typeof entry === 'string' ? entry.toLowerCase() : entry));
}

export class PruneRequestDto {
  @ApiProperty({ example: 'movie-tmdb-603', description: 'A catalog item id.' })
  @IsString()
  @MaxLength(CATALOG_ITEM_ID_MAX_LENGTH)
  @Matches(CATALOG_ITEM_ID_PATTERN, {
    message: 'mediaItemId must be a catalog item id such as movie-tmdb-603',
  })
  mediaItemId!: string;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    minimum: 0,
    maximum: 10_000,
    example: null,
    description: 'A season of a series to prune, or null for the whole item. Required either way.',
  })
  @ValidateIf((request: PruneRequestDto) => request.seasonNumber !== null)
  @IsDefined({ message: 'seasonNumber is required: a season number, or null for the whole item' })
  @IsInt({ message: 'seasonNumber must be an integer or null' })
  @Min(0)
  @Max(10_000)
  seasonNumber!: number | null;

  @ApiProperty({
    type: [String],
    format: 'uuid',
    description: `Connections (Sonarr or Radarr instances) to delete from, 1 to ${MAX_PRUNE_TARGETS}, each once.`,
  })
  @Transform(({ value }: { value: unknown }) => lowerCaseUuids(value))
  @IsArray()
  @ArrayMinSize(1, { message: 'targetConnectionIds must name at least one connection' })
  @ArrayMaxSize(MAX_PRUNE_TARGETS)
  @ArrayUnique({ message: 'targetConnectionIds must not name a connection twice' })
  @IsUUID('all', { each: true, message: 'each of targetConnectionIds must be a connection id (a UUID)' })
  targetConnectionIds!: string[];

  @ApiProperty({
    description:
      'Add an import (list) exclusion so lists do not add the item again; whole items only, not seasons.',
  })
  @IsBoolean()
  addToImportExclusion!: boolean;

  @ApiPropertyOptional({
    default: false,
    description: 'Answer what would be deleted; call nothing that changes anything, write no ledger row.',
  })
  @IsOptional()
  @IsBoolean()
  dryRun?: boolean;
}
