// What the sign-in routes answer: the session state of GET /auth/me (spec 3.2) and a new session.
import { ApiProperty } from '@nestjs/swagger';
import { CURATION_ROLES, type CurationRole } from '../curation-roles';

export class SessionUserView {
  @ApiProperty({
    description:
      'plex.tv account id for people; `api-key:<id>` for an API key; `bootstrap` for the bootstrap key.',
    example: '1234567',
  })
  id!: string;

  @ApiProperty({ example: 'alice' })
  username!: string;

  @ApiProperty({ enum: CURATION_ROLES })
  role!: CurationRole;
}

export class SessionStateView {
  @ApiProperty({ description: 'The request carried valid credentials (session or API key).' })
  authenticated!: boolean;

  @ApiProperty({ description: 'A media server is bound.' })
  initialized!: boolean;

  @ApiProperty({ description: 'Always true: this API never runs without authentication.' })
  authEnabled!: boolean;

  @ApiProperty({ type: SessionUserView, nullable: true })
  user!: SessionUserView | null;
}

export class SignedInView {
  @ApiProperty({
    description:
      'The session token, also set as the HttpOnly cookie `curation_session`; send it as `Authorization: Bearer <token>` from clients without cookies.',
  })
  token!: string;

  @ApiProperty({ format: 'date-time' })
  expiresAt!: string;

  @ApiProperty({ type: SessionUserView })
  user!: SessionUserView;
}

export class StartedPinView {
  @ApiProperty({ description: 'Poll POST /api/v1/auth/plex/pin/{id} with it.' })
  id!: string;

  @ApiProperty({ description: 'The code the person approves at plex.tv.' })
  code!: string;

  @ApiProperty({ description: "Plex's approval page for this PIN, as Plex apps open it." })
  authUrl!: string;

  @ApiProperty({ format: 'date-time' })
  expiresAt!: string;
}

export class PendingPinView {
  @ApiProperty({ enum: ['pending'] })
  state!: 'pending';

  @ApiProperty({ format: 'date-time' })
  expiresAt!: string;
}
