// What GET /api/v1/mediaserver/status answers (and POST …/bind, once bound).
import { ApiProperty } from '@nestjs/swagger';

export class MediaServerHealthView {
  @ApiProperty({ description: 'The server answered /identity as the bound server at its last check.' })
  reachable!: boolean;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'ISO 8601 UTC; null before a server is bound.',
  })
  checkedAt!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Why the last check failed; null when it passed.',
  })
  error!: string | null;
}

export class MediaServerLibraryView {
  @ApiProperty({ example: '1' })
  key!: string;

  @ApiProperty({ example: 'Movies' })
  title!: string;

  @ApiProperty({ example: 'movie', description: "Plex's section type: movie, show, artist, photo." })
  type!: string;

  @ApiProperty({ type: 'integer', description: 'Top-level items: movies, shows or artists.' })
  itemCount!: number;
}

export class MediaServerStatusView {
  @ApiProperty()
  bound!: boolean;

  @ApiProperty({ type: String, nullable: true })
  machineIdentifier!: string | null;

  @ApiProperty({ type: String, nullable: true })
  name!: string | null;

  @ApiProperty({ type: String, nullable: true })
  baseUrl!: string | null;

  @ApiProperty({ type: MediaServerHealthView })
  health!: MediaServerHealthView;

  @ApiProperty({ type: [MediaServerLibraryView] })
  libraries!: MediaServerLibraryView[];
}
