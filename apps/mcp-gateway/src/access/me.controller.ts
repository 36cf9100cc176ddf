// `GET /api/me`: who the gateway thinks the caller is. Read-only, so AppKey callers may use it
// too (to check which key and scopes a pipeline is running with).
import { Controller, Get, Inject } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import type { Actor } from './actor';
import { ACCESS_SETTINGS, type AccessSettings } from './access-settings';
import { CurrentActor } from './authentication/current-actor.decorator';
import { AccessRulesSnapshot } from './policies/access-rules.snapshot';
import { resolveEffectiveGroups } from './authorization';
import { ApiRoles } from './authentication/api-access.decorators';

export class MeView {
  @ApiProperty() username!: string;
  @ApiProperty({
    description:
      "Where the user name comes from: `sso`, `oidc:<issuer>#<claim>` or `admin-key`; for an AppKey, its owner's. One name from two sources is two people.",
    example: 'sso',
  })
  identitySource!: string;
  @ApiProperty({ enum: ['app-key', 'admin-key', 'oauth', 'sso-header'] }) authenticatedBy!: string;
  @ApiProperty() isAdministrator!: boolean;
  @ApiProperty({ type: [String] }) roles!: string[];
  @ApiProperty({ type: [String] }) groups!: string[];
  @ApiProperty({ type: [String], description: 'Groups after GroupMappings, as RBAC sees them.' })
  effectiveGroups!: string[];
  @ApiProperty({ type: [String] }) sids!: string[];
  @ApiPropertyOptional({ description: 'For AppKey callers: the key in use.' })
  appKey?: { id: string; keyPrefix: string; kind: string; scopes: string[] | null };
}

@ApiTags('me')
@ApiBearerAuth()
@ApiRoles('user', 'machine')
@Controller('api/me')
export class MeController {
  constructor(
    private readonly rules: AccessRulesSnapshot,
    @Inject(ACCESS_SETTINGS) private readonly settings: AccessSettings,
  ) {}

  @Get()
  @ApiOkResponse({ type: MeView })
  async me(@CurrentActor() actor: Actor): Promise<MeView> {
    const { principal } = actor;
    const { groupMappings } = await this.rules.read();
    const effective = resolveEffectiveGroups(principal, groupMappings, this.settings.adminGroupSid);
    return {
      username: principal.username,
      identitySource: principal.identitySource,
      authenticatedBy: principal.method,
      isAdministrator: actor.isAdministrator,
      roles: [...principal.roles],
      groups: [...principal.groups],
      effectiveGroups: [...effective.display],
      sids: [...principal.sids],
      ...(principal.appKey
        ? {
            appKey: {
              id: principal.appKey.id,
              keyPrefix: principal.appKey.keyPrefix,
              kind: principal.appKey.kind,
              scopes: principal.appKey.scopes === null ? null : [...principal.appKey.scopes],
            },
          }
        : {}),
    };
  }
}
