// Request and response bodies of the group mapping administration API.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Length } from 'class-validator';
import { NoControlCharacters } from '../../no-control-characters.validator';

export class GroupMappingDto {
  @ApiProperty({
    example: 'S-1-5-21-1004336348-1177238915-682003330-512',
    description:
      'What is mapped, as the identity source presents it: `user:<name>` for one user, text spelled like a SID (`S-1-…`) for that SID, anything else for a group or role name. A plain name never matches a user name.',
  })
  @IsString()
  @Length(1, 512)
  @NoControlCharacters()
  externalId!: string;

  @ApiProperty({ example: 'developers', description: 'The internal group that RBAC policies name.' })
  @IsString()
  @Length(1, 256)
  @NoControlCharacters()
  internalGroup!: string;

  @ApiPropertyOptional({
    description:
      "The identity source the row is for: `sso`, `oidc:<issuer>#<claim>` or `admin-key`. For `user:<name>`, which user: default your own source, or for an administrator key the gateway's only sign-in source (required when it has several or none). For a group, role or SID: only that source's statements match; omitted, every source's.",
    example: 'sso',
  })
  @IsOptional()
  @IsString()
  @Length(1, 1024)
  @NoControlCharacters()
  identitySource?: string;
}

export class GroupMappingView {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({
    description: 'As stored: `user:<name>`, a SID in the form it was given, or a group or role name.',
  })
  externalId!: string;

  @ApiProperty()
  internalGroup!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'The source the row is for; null: every source (never for `user:` rows). `unassigned`: a `user:` row from before sources, which matches nobody.',
  })
  identitySource!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty()
  createdBy!: string;
}
