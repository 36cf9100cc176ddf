// Request and response bodies of the policy administration API.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Length, Matches } from 'class-validator';
import { NoControlCharacters } from '../../no-control-characters.validator';

export class AccessPolicyDto {
  @ApiProperty({
    example: 'tool:github__create_issue',
    description:
      'An RBAC target key: `<target>`, `tool:<id>`, `prompt:<id>`, `resource:<uri>`, `resource_template:<uri>`, `template:<uri>`, `completion:<id>`, `server:<serverId>`, `category:<name>`, `group:<name>`, or `*` for every target (the one wildcard; `tool:*` is a literal key).',
  })
  @IsString()
  @Length(1, 1024)
  @NoControlCharacters()
  targetId!: string;

  @ApiProperty({
    example: 'developers',
    description:
      'A group name, role name or SID. Not a user: give a user a group with a `user:<name>` group mapping.',
  })
  @IsString()
  @Length(1, 256)
  @NoControlCharacters()
  // A group called `user:alice` would satisfy such a row, not the user alice (decision 019).
  @Matches(/^(?![\t\n\v\f\r ]*[Uu][Ss][Ee][Rr]:)/, {
    message: 'requiredGroup names a group, role or SID; to grant a user, map `user:<name>` to a group',
  })
  requiredGroup!: string;

  @ApiProperty({ enum: [0, 1], description: '1 allows, 0 denies (an explicit deny wins over any allow).' })
  @IsIn([0, 1], { message: 'isAllowed must be 0 (deny) or 1 (allow)' })
  isAllowed!: 0 | 1;

  @ApiPropertyOptional({
    description:
      'Only for people signed in from this identity source (`sso` or `oidc:<issuer>#<claim>`), whose groups it states; never for AppKeys. Omitted: everyone, whichever source names the group.',
    example: 'sso',
  })
  @IsOptional()
  @IsString()
  @Length(1, 1024)
  @NoControlCharacters()
  identitySource?: string;
}

export class AccessPolicyView {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'tool:github__create_issue' })
  targetId!: string;

  @ApiProperty({ example: 'developers' })
  requiredGroup!: string;

  @ApiProperty({ enum: [0, 1] })
  isAllowed!: 0 | 1;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The identity source whose people the row is about; null: everyone.',
  })
  identitySource!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty()
  createdBy!: string;
}
