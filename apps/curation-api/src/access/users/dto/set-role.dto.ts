// Body of PUT /api/v1/auth/users/{id}/role.
import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { CURATION_ROLES, type CurationRole } from '../../curation-roles';

export class SetRoleDto {
  @ApiProperty({ enum: CURATION_ROLES })
  @IsIn(CURATION_ROLES, { message: `role must be one of: ${CURATION_ROLES.join(', ')}` })
  role!: CurationRole;
}
