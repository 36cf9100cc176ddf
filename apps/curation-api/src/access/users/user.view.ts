// A user as the API shows them (GET /auth/users, PUT /auth/users/{id}/role).
import { ApiProperty } from '@nestjs/swagger';
import { CURATION_ROLES, type CurationRole } from '../curation-roles';
import type { CurationUser, UserKind } from './user.repository';

export class UserView {
  @ApiProperty({ description: 'plex.tv account id', example: '1234567' })
  id!: string;

  @ApiProperty({ description: 'plex.tv username; the profile name for managed home users' })
  username!: string;

  @ApiProperty({ enum: CURATION_ROLES })
  role!: CurationRole;

  @ApiProperty({
    enum: ['owner', 'shared', 'home', 'admin'],
    description: '`admin`: a configured or first-setup admin who signed in before a server was bound',
  })
  kind!: UserKind;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'Last sign-in or request with a session (to 5 minutes); null if never signed in',
  })
  lastSeenAt!: string | null;
}

export function toUserView(user: CurationUser): UserView {
  return {
    id: user.id,
    username: user.username,
    role: user.role,
    kind: user.kind,
    lastSeenAt: user.lastSeenAt?.toISOString() ?? null,
  };
}
