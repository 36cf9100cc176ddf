// What GET /api/v1/catalog answers, for the OpenAPI document: each class implements the service's
// type, so the compiler refuses a documented shape that misses a field the code returns.
import { ApiProperty } from '@nestjs/swagger';
import { CATEGORY_IDS, type CategoryId } from '../categories/category-definitions';
import { RESOLUTION_BUCKETS, type ResolutionBucket } from '../sync/media-buckets';
import { MAX_LIMIT, MEDIA_TYPES, type MediaType } from './catalog-query';
import type { RequesterRow } from './catalog.repository';
import type { CatalogItem, CatalogListResponse } from './catalog.service';

export class CatalogRequesterView implements RequesterRow {
  @ApiProperty({
    type: String,
    nullable: true,
    example: '1234567',
    description: "The requester's plex.tv account id; null when Overseerr knows no plex.tv account.",
  })
  userId!: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'alice' })
  username!: string | null;
}

export class CatalogItemView implements CatalogItem {
  @ApiProperty({ example: 'movie-tmdb-603' })
  id!: string;

  @ApiProperty({ example: 'The Matrix' })
  title!: string;

  @ApiProperty({ type: 'integer', nullable: true, example: 1999 })
  year!: number | null;

  @ApiProperty({ enum: MEDIA_TYPES })
  mediaType!: MediaType;

  @ApiProperty({ type: 'integer', description: "All its copies' files, each counted once, in bytes." })
  sizeBytes!: number;

  @ApiProperty({
    enum: RESOLUTION_BUCKETS,
    nullable: true,
    description: "The best copy's resolution bucket; null without any file.",
  })
  resolution!: ResolutionBucket | null;

  @ApiProperty({ type: 'integer', description: "Plays by anyone, or by the query's userId." })
  plays!: number;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  addedAt!: string | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: "Last play by anyone, or by the query's userId; null when never played.",
  })
  lastWatchedAt!: string | null;

  @ApiProperty({ enum: CATEGORY_IDS, isArray: true, description: 'The smart categories it is a member of.' })
  categories!: CategoryId[];

  @ApiProperty()
  isProtected!: boolean;

  @ApiProperty({ description: 'A protection request for it is pending.' })
  protectionRequested!: boolean;

  @ApiProperty({ type: [CatalogRequesterView], description: 'Its Overseerr requesters.' })
  requestedBy!: CatalogRequesterView[];
}

export class CatalogListView implements CatalogListResponse {
  @ApiProperty({ type: [CatalogItemView] })
  items!: CatalogItemView[];

  @ApiProperty({ type: 'integer', description: 'How many items match, over all pages.' })
  total!: number;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_LIMIT })
  limit!: number;

  @ApiProperty({ type: 'integer', minimum: 0 })
  offset!: number;
}
