// Body of POST /api/v1/mediaserver/bind (spec 3.2 "Bind request"), plus `force` (issue 17).
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, IsUrl, Length, Matches } from 'class-validator';

export class BindMediaServerDto {
  @ApiProperty({ description: "The server's machine identifier, as plex.tv lists it.", example: '4f1c0e…' })
  @IsString()
  @Length(1, 200)
  @Matches(/^\S+$/, { message: 'machineIdentifier must not contain whitespace' })
  machineIdentifier!: string;

  @ApiProperty({ example: 'Living room' })
  @IsString()
  @Length(1, 200)
  name!: string;

  @ApiProperty({ example: 'http://192.168.1.20:32400' })
  @IsString()
  @Length(1, 2000)
  @IsUrl(
    { require_tld: false, require_protocol: true, protocols: ['http', 'https'] },
    { message: 'baseUrl must be an http(s) URL such as http://192.168.1.20:32400' },
  )
  baseUrl!: string;

  @ApiPropertyOptional({
    description:
      "The server's auth token: its owner's Plex token. Stored encrypted, never returned. Optional for the owner signed in with Plex: their plex.tv token, which opens their server, is used.",
  })
  @IsOptional()
  @IsString()
  @Length(1, 500)
  @Matches(/^\S+$/, { message: 'apiKey must not contain whitespace' })
  apiKey?: string;

  @ApiPropertyOptional({ description: 'Bind another server even though a catalog of the bound one exists.' })
  @IsOptional()
  @IsBoolean()
  force?: boolean;
}
