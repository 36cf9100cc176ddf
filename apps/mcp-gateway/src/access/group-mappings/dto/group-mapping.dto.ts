// Request and response bodies of the group mapping administration API.
import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length, Matches } from 'class-validator';

const PRINTABLE = /^[^\p{Cc}]+$/u;

export class GroupMappingDto {
  @ApiProperty({
    example: 'S-1-5-21-1004336348-1177238915-682003330-512',
    description: 'A user name, group name, role or SID as the identity source presents it.',
  })
  @IsString()
  @Length(1, 512)
  @Matches(PRINTABLE, { message: 'externalId must not contain control characters' })
  externalId!: string;

  @ApiProperty({ example: 'developers', description: 'The internal group that RBAC policies name.' })
  @IsString()
  @Length(1, 256)
  @Matches(PRINTABLE, { message: 'internalGroup must not contain control characters' })
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
