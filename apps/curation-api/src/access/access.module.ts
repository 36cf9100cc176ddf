// Who may call the curation API: Plex sign-in, sessions, users and roles, API keys, and the
// authorizer behind every role-marked route (docs/decisions/030, 031, 032). Global, so features
// can ask for the caller's Plex token (SessionStore.plexTokenOf), the plex.tv client
// (PlexTvConnector) and whether a caller may bind a server (BindPermission).
import { type DynamicModule, Module } from '@nestjs/common';
import { ROUTE_AUTHORIZER } from '@platform/service-kit';
import { AuditModule } from '../audit/audit.module';
import type { CurationConfig } from '../config/curation-config';
import { ApiKeyRepository } from './api-keys/api-key.repository';
import { ApiKeyService } from './api-keys/api-key.service';
import { ApiKeysController } from './api-keys/api-keys.controller';
import { BootstrapKeyVerifier } from './bootstrap-key.verifier';
import { CallerAuthenticator } from './caller.authenticator';
import { CurationAuthorizer } from './curation.authorizer';
import { PlexClientIdentifierRepository } from './plex-tv/plex-client-identifier.repository';
import { PlexTvConnector } from './plex-tv/plex-tv.connector';
import { SessionRepository } from './sessions/session.repository';
import { SessionStore } from './sessions/session.store';
import { AccountAdmission } from './sign-in/account-admission';
import { BindPermission } from './sign-in/bind-permission';
import { PlexSignInService } from './sign-in/plex-sign-in.service';
import { SetupClaimRepository } from './sign-in/setup-claim.repository';
import { SignInController } from './sign-in/sign-in.controller';
import { SignInPinRepository } from './sign-in/sign-in-pin.repository';
import { UserRepository } from './users/user.repository';
import { UsersController } from './users/users.controller';
import { UsersService } from './users/users.service';

@Module({})
export class AccessModule {
  static register(config: CurationConfig): DynamicModule {
    return {
      module: AccessModule,
      global: true,
      imports: [AuditModule],
      controllers: [SignInController, UsersController, ApiKeysController],
      providers: [
        {
          provide: BootstrapKeyVerifier,
          useValue: new BootstrapKeyVerifier(config.CURATION_BOOTSTRAP_API_KEY),
        },
        PlexClientIdentifierRepository,
        PlexTvConnector,
        SessionRepository,
        SessionStore,
        ApiKeyRepository,
        ApiKeyService,
        UserRepository,
        UsersService,
        SetupClaimRepository,
        SignInPinRepository,
        AccountAdmission,
        PlexSignInService,
        BindPermission,
        CallerAuthenticator,
        CurationAuthorizer,
        // What the service kit's deny-by-default guard asks about routes marked with curation roles.
        { provide: ROUTE_AUTHORIZER, useExisting: CurationAuthorizer },
      ],
      exports: [BootstrapKeyVerifier, SessionStore, PlexTvConnector, BindPermission, UserRepository],
    };
  }
}
