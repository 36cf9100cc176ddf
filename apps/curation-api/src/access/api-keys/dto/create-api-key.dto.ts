// Body of POST /api/v1/auth/api-keys.
import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, Length, Matches } from 'class-validator';
import { CURATION_ROLES, type CurationRole } from '../../curation-roles';

export class CreateApiKeyDto {
  @ApiProperty({ example: 'home-assistant', minLength: 1, maxLength: 100 })
  @IsString()
  @Length(1, 100)
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  @Matches(/^[^\u0000-\u001f\u007f]+$/, { message: 'name must not contain control characters' })
  name!: string;

  @ApiProperty({ enum: CURATION_ROLES })
  @IsIn(CURATION_ROLES, { message: `role must be one of: ${CURATION_ROLES.join(', ')}` })
  role!: CurationRole;
}
