// Body of POST /api/v1/connections: a Sonarr or Radarr instance (HD or 4K), Overseerr/Jellyseerr
// or Tautulli.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, IsUrl, Length, Matches } from 'class-validator';
import { CONNECTION_TYPES, type ConnectionType } from '../connection.repository';

export const CONNECTION_URL_OPTIONS = {
  require_tld: false,
  require_protocol: true,
  protocols: ['http', 'https'],
};
export const CONNECTION_URL_MESSAGE = 'baseUrl must be an http(s) URL such as http://192.168.1.20:8989';
export const CONNECTION_TYPE_MESSAGE = `type must be one of: ${CONNECTION_TYPES.join(', ')}`;
export const CONNECTION_NAME_PATTERN = /^\S(?:.*\S)?$/;
export const CONNECTION_NAME_MESSAGE = 'name must not start or end with whitespace';
/** *arr keys are 32 hex characters; Overseerr's are longer base64. Bounded, no whitespace. */
export const API_KEY_PATTERN = /^\S+$/;

export class CreateConnectionDto {
  @ApiProperty({ enum: CONNECTION_TYPES })
  @IsIn(CONNECTION_TYPES, { message: CONNECTION_TYPE_MESSAGE })
  type!: ConnectionType;

  @ApiProperty({ example: 'Sonarr 4K', minLength: 1, maxLength: 100, description: 'Unique, ignoring case.' })
  @IsString()
  @Length(1, 100)
  @Matches(CONNECTION_NAME_PATTERN, { message: CONNECTION_NAME_MESSAGE })
  name!: string;

  @ApiProperty({ example: 'http://192.168.1.20:8989', description: 'With any URL base, without /api.' })
  @IsString()
  @Length(1, 2000)
  @IsUrl(CONNECTION_URL_OPTIONS, { message: CONNECTION_URL_MESSAGE })
  baseUrl!: string;

  @ApiProperty({ description: 'Stored encrypted; never returned (responses say hasApiKey).' })
  @IsString()
  @Length(1, 500)
  @Matches(API_KEY_PATTERN, { message: 'apiKey must not contain whitespace' })
  apiKey!: string;

  @ApiPropertyOptional({ default: false, description: 'A 4K instance (sonarr and radarr only).' })
  @IsOptional()
  @IsBoolean()
  is4k?: boolean;
}
