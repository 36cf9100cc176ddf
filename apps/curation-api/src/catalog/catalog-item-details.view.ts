// What GET /api/v1/catalog/{id} answers, for the OpenAPI document: the list item plus its copies,
// seasons, watch statistics, requests and protection. Each class implements the JSON form of the
// repository's rows (dates become ISO 8601 strings), so a field the code returns cannot go missing.
import { ApiProperty } from '@nestjs/swagger';
import { RESOLUTION_BUCKETS, type ResolutionBucket } from '../sync/media-buckets';
import { CatalogItemView } from './catalog-list.view';
import type {
  InstanceRow,
  ProtectionRow,
  RequestRow,
  SeasonRow,
  WatchStatRow,
} from './catalog-detail.repository';
import type { CatalogItemDetails } from './catalog.service';

/** What JSON.stringify makes of a value: dates become their ISO 8601 strings. */
type JsonForm<T> = T extends Date
  ? string
  : T extends readonly (infer Element)[]
    ? JsonForm<Element>[]
    : T extends object
      ? { [Key in keyof T]: JsonForm<T[Key]> }
      : T;

export class CatalogInstanceView implements JsonForm<InstanceRow> {
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The Sonarr/Radarr connection; null for a Plex version no media manager holds.',
  })
  connectionId!: string | null;

  @ApiProperty({ type: String, nullable: true })
  connectionName!: string | null;

  @ApiProperty()
  is4k!: boolean;

  @ApiProperty({ type: String, nullable: true })
  qualityProfile!: string | null;

  @ApiProperty({ enum: RESOLUTION_BUCKETS, nullable: true })
  resolution!: ResolutionBucket | null;

  @ApiProperty({ type: 'integer' })
  sizeBytes!: number;

  @ApiProperty({ type: 'integer' })
  fileCount!: number;

  @ApiProperty({ type: String, nullable: true })
  path!: string | null;

  @ApiProperty({ description: "Below its quality profile's cutoff." })
  cutoffUnmet!: boolean;

  @ApiProperty()
  monitored!: boolean;

  @ApiProperty({ description: 'The copy kept when duplicates are pruned: highest resolution, then largest.' })
  isBest!: boolean;
}

export class CatalogSeasonView implements JsonForm<SeasonRow> {
  @ApiProperty({ type: 'integer' })
  seasonNumber!: number;

  @ApiProperty({ type: 'integer' })
  episodeCount!: number;

  @ApiProperty({ type: 'integer' })
  fileCount!: number;

  @ApiProperty({ type: 'integer' })
  sizeBytes!: number;

  @ApiProperty()
  monitored!: boolean;
}

export class CatalogWatchStatView implements JsonForm<WatchStatRow> {
  @ApiProperty({ example: '1234567', description: 'plex.tv account id' })
  userId!: string;

  @ApiProperty({ type: String, nullable: true, description: 'Null for an account that is not a known user.' })
  username!: string | null;

  @ApiProperty({ type: 'integer' })
  plays!: number;

  @ApiProperty({ format: 'date-time' })
  lastWatchedAt!: string;

  @ApiProperty({ type: 'integer' })
  playedEpisodeCount!: number;
}

export class CatalogRequestView implements JsonForm<RequestRow> {
  @ApiProperty({ type: 'integer', description: "Overseerr's request id." })
  requestId!: number;

  @ApiProperty({ type: String, nullable: true, description: "The requester's plex.tv account id, if any." })
  userId!: string | null;

  @ApiProperty({ type: String, nullable: true })
  username!: string | null;

  @ApiProperty({ format: 'date-time' })
  requestedAt!: string;

  @ApiProperty({
    example: 'approved',
    description:
      "Overseerr's request status: pending, approved, declined, failed or completed (`status-<n>` for another number).",
  })
  status!: string;

  @ApiProperty()
  is4k!: boolean;

  @ApiProperty({ type: 'integer', isArray: true, description: 'The requested seasons (series).' })
  seasons!: number[];
}

export class CatalogPendingRequestView implements JsonForm<ProtectionRow['pendingRequests'][number]> {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: "The requester's plex.tv account; null for a request made with an API key.",
  })
  userId!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Who asked (an actor name).' })
  requestedBy!: string | null;

  @ApiProperty()
  reason!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
}

export class CatalogProtectionView implements JsonForm<ProtectionRow> {
  @ApiProperty()
  isProtected!: boolean;

  @ApiProperty({ type: String, nullable: true })
  reason!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Who protected it (an actor name).' })
  protectedBy!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  protectedAt!: string | null;

  @ApiProperty({ type: [CatalogPendingRequestView], description: 'Oldest first.' })
  pendingRequests!: CatalogPendingRequestView[];
}

export class CatalogItemDetailsView extends CatalogItemView implements JsonForm<CatalogItemDetails> {
  @ApiProperty({ type: [CatalogInstanceView], description: 'Every copy, best first.' })
  instances!: CatalogInstanceView[];

  @ApiProperty({ type: [CatalogSeasonView], description: 'Its seasons (a series), by number.' })
  seasons!: CatalogSeasonView[];

  @ApiProperty({ type: [CatalogWatchStatView], description: 'Per account, last watched first.' })
  watchStats!: CatalogWatchStatView[];

  @ApiProperty({ type: [CatalogRequestView], description: 'Its Overseerr requests, oldest first.' })
  requests!: CatalogRequestView[];

  @ApiProperty({ type: CatalogProtectionView })
  protection!: CatalogProtectionView;
}
