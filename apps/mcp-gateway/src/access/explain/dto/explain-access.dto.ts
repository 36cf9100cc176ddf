// Request body of `POST /api/access/explain`: who (an AppKey by id, or a person by name, source,
// groups and SIDs) asks for what (a server, or one tool, prompt or resource on it).
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  ValidateNested,
} from 'class-validator';
import { NoControlCharacters } from '../../no-control-characters.validator';

/** More groups or SIDs than any real sign-in presents is a mistake, not a question. */
const MAX_IDENTIFIERS = 100;

/** An optional list of group names or SIDs as an identity source presents them. */
function IdentifierList(): PropertyDecorator {
  return applyDecorators(
    IsOptional(),
    IsArray(),
    ArrayMaxSize(MAX_IDENTIFIERS),
    IsString({ each: true }),
    Length(1, 256, { each: true }),
    NoControlCharacters({ each: true }),
  );
}

export const EXPLAIN_TARGET_KINDS = ['tool', 'prompt', 'resource'] as const;
export type ExplainTargetKind = (typeof EXPLAIN_TARGET_KINDS)[number];

export class ExplainPrincipalDto {
  @ApiPropertyOptional({
    format: 'uuid',
    description: 'An active AppKey or client, as `GET /api/appkeys` lists it. Give this alone, or a person.',
  })
  @IsOptional()
  @IsUUID()
  keyId?: string;

  @ApiPropertyOptional({
    example: 'alice',
    description: "A person's user name, as their identity source states it.",
  })
  @IsOptional()
  @IsString()
  @Length(1, 256)
  @NoControlCharacters()
  user?: string;

  @ApiPropertyOptional({
    example: 'sso',
    description:
      "Where the person signs in from: `sso` or `oidc:<issuer>#<claim>`. Default: your own source, or with the administrator key the gateway's only sign-in source.",
  })
  @IsOptional()
  @IsString()
  @Length(1, 1024)
  @NoControlCharacters()
  identitySource?: string;

  @ApiPropertyOptional({
    type: [String],
    example: ['developers'],
    description: 'Group names as the source presents them.',
  })
  @IdentifierList()
  groups?: string[];

  @ApiPropertyOptional({
    type: [String],
    example: ['S-1-5-21-1004336348-1177238915-682003330-513'],
    description:
      "The person's SIDs and group SIDs (the administrator group SID makes them an administrator).",
  })
  @IdentifierList()
  sids?: string[];
}

export class ExplainTargetDto {
  @ApiProperty({ example: 'files', description: 'A registered server id.' })
  @IsString()
  @Length(1, 200)
  @NoControlCharacters()
  serverId!: string;

  @ApiPropertyOptional({
    enum: EXPLAIN_TARGET_KINDS,
    description:
      'With `name`: one item of the server. Without both: the server itself (its direct endpoint).',
  })
  @IsOptional()
  @IsIn(EXPLAIN_TARGET_KINDS)
  kind?: ExplainTargetKind;

  @ApiPropertyOptional({
    example: 'read_file',
    description: 'The tool or prompt name, or the resource URI, as the backend names it (not namespaced).',
  })
  @IsOptional()
  @IsString()
  @Length(1, 4096)
  @NoControlCharacters()
  name?: string;
}

export class ExplainAccessDto {
  @ApiProperty({ type: ExplainPrincipalDto })
  @IsObject()
  @ValidateNested()
  @Type(() => ExplainPrincipalDto)
  principal!: ExplainPrincipalDto;

  @ApiProperty({ type: ExplainTargetDto })
  @IsObject()
  @ValidateNested()
  @Type(() => ExplainTargetDto)
  target!: ExplainTargetDto;
}
