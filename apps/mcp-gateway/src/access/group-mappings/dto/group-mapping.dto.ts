// Request and response bodies of the group mapping administration API.
import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
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
}

export class GroupMappingView extends GroupMappingDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty()
  createdBy!: string;
}
