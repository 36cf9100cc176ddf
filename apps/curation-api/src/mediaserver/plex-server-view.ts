// One server of GET /api/v1/mediaserver/servers: what plex.tv lists for the caller, without the
// access token plex.tv hands out with it (a credential; binding takes the owner's token instead).
import { ApiProperty } from '@nestjs/swagger';

export class PlexServerConnectionView {
  @ApiProperty({ example: 'https://192-168-1-20.abc.plex.direct:32400' })
  uri!: string;

  @ApiProperty({ example: 'https' })
  protocol!: string;

  @ApiProperty({ example: '192.168.1.20' })
  address!: string;

  @ApiProperty({ type: 'integer', example: 32400 })
  port!: number;

  @ApiProperty({ description: "On the server's local network." })
  local!: boolean;

  @ApiProperty({ description: "Through Plex's relay (bandwidth-limited)." })
  relay!: boolean;
}

export class PlexServerView {
  @ApiProperty()
  name!: string;

  @ApiProperty({ description: 'What POST /api/v1/mediaserver/bind takes as machineIdentifier.' })
  machineIdentifier!: string;

  @ApiProperty({ example: 'Plex Media Server' })
  product!: string;

  @ApiProperty()
  productVersion!: string;

  @ApiProperty({ description: 'The caller owns it; only owned servers may be bound by a Plex sign-in.' })
  owned!: boolean;

  @ApiProperty({
    type: String,
    nullable: true,
    description: "The owner's plex.tv id for servers shared with the caller.",
  })
  ownerId!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: "The owner's name for servers shared with the caller.",
  })
  sourceTitle!: string | null;

  @ApiProperty({ description: 'It is the server this API is bound to.' })
  bound!: boolean;

  @ApiProperty({ type: [PlexServerConnectionView] })
  connections!: PlexServerConnectionView[];
}
