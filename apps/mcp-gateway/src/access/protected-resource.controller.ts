// RFC 9728 protected-resource metadata (spec 4.1 `GET /.well-known/oauth-protected-resource`):
// how an OAuth-capable MCP client finds the authorization servers that issue tokens for the
// gateway. Served at the root and with the resource's path appended (RFC 9728 section 3.1).
import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '@platform/service-kit';
import { ACCESS_SETTINGS, type AccessSettings } from './access-settings';
import { buildProtectedResourceMetadata, type ProtectedResourceMetadata } from './oidc';

export const OIDC_ISSUERS = Symbol('OIDC_ISSUERS');
export const OIDC_SCOPES_SUPPORTED = Symbol('OIDC_SCOPES_SUPPORTED');

@ApiTags('oauth')
@Public() // How a client learns where to get a token: it has none yet.
@Controller('.well-known/oauth-protected-resource')
export class ProtectedResourceController {
  constructor(
    @Inject(ACCESS_SETTINGS) private readonly settings: AccessSettings,
    @Inject(OIDC_ISSUERS) private readonly issuers: readonly string[],
    @Inject(OIDC_SCOPES_SUPPORTED) private readonly scopesSupported: readonly string[],
  ) {}

  @Get(['', '*path'])
  @Header('Cache-Control', 'public, max-age=300')
  @ApiOperation({ summary: 'RFC 9728 protected-resource metadata of the gateway.' })
  @ApiOkResponse({ description: '`resource`, `authorization_servers`, `bearer_methods_supported`, …' })
  metadata(): ProtectedResourceMetadata {
    return buildProtectedResourceMetadata({
      resource: this.settings.resource,
      authorizationServers: this.issuers,
      scopesSupported: this.scopesSupported,
      resourceName: 'MCP Gateway',
    });
  }
}
