// Body of POST /api/appkeys and POST /api/clients (spec 2.1 "AppKey create request").
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Max,
  Min,
} from 'class-validator';
import { NoControlCharacters } from '../../no-control-characters.validator';

export const MAX_EXPIRY_DAYS = 3650;

export class CreateAppKeyDto {
  @ApiProperty({ example: 'CI pipeline', minLength: 1, maxLength: 200 })
  @IsString()
  @Length(1, 200)
  name!: string;

  @ApiPropertyOptional({
    description:
      'Administrators only: create the key for this user. Compared with signed-in user names of the same identity source exactly, except that ASCII letters ignore case.',
  })
  @IsOptional()
  @IsString()
  @Length(1, 256)
  @NoControlCharacters()
  username?: string;

  @ApiPropertyOptional({
    description:
      "Where `username` signs in: `sso`, `oidc:<issuer>#<claim>` (see `GET /api/me` of that user) or `admin-key`. Default: your own source; for an administrator key, the gateway's only sign-in source (required when it has several or none). Naming a source other than your own is creating a key for someone else.",
    example: 'sso',
  })
  @IsOptional()
  @IsString()
  @Length(1, 1024)
  @NoControlCharacters()
  identitySource?: string;

  @ApiProperty({ type: [String], example: ['server:files', 'tool:github__create_issue'] })
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(256)
  @IsString({ each: true })
  scopes!: string[];

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_EXPIRY_DAYS, description: 'Omitted means no expiry.' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_EXPIRY_DAYS)
  expiresInDays?: number;
}
