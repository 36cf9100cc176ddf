// The gateway's identity and access feature: key management, authentication (AppKeys,
// administrator keys, OAuth access tokens, trusted SSO headers), the administration API and
// the data the authorization pipeline reads.
import {
  type DynamicModule,
  type MiddlewareConsumer,
  Module,
  type NestModule,
  RequestMethod,
} from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { verifyAppKeyDigest } from '@platform/appkey';
import { CLOCK, type Clock, ROUTE_AUTHORIZER } from '@platform/service-kit';
import { AuditModule } from '../audit/audit.module';
import type { GatewayConfig } from '../config/gateway-config';
import { AccessChangeListener } from './access-change.listener';
import { AccessControlService } from './access-control.service';
import { ACCESS_SETTINGS, accessSettings } from './access-settings';
import { AppKeyEntity } from './app-keys/app-key.entity';
import { AppKeyRepository } from './app-keys/app-key.repository';
import { AppKeyService } from './app-keys/app-key.service';
import { AppKeysController, ClientsController } from './app-keys/app-keys.controller';
import { KEY_CACHE_TTL_MS, KeyVerificationCache } from './app-keys/key-verification.cache';
import { ApiAccessAuthorizer } from './authentication/api-access.authorizer';
import { AppKeyAuthenticator, DIGEST_VERIFIER } from './authentication/app-key.authenticator';
import { AuthenticationFailureThrottle } from './authentication/authentication-failure.throttle';
import { AuthenticationService, OIDC_VERIFIER } from './authentication/authentication.service';
import {
  AdminBootstrapService,
  BOOTSTRAP_ADMIN_KEY,
  SECRET_PRINTER,
} from './bootstrap/admin-bootstrap.service';
import {
  DefaultPolicyBootstrapService,
  SEED_DEFAULT_POLICIES,
} from './bootstrap/default-policy-bootstrap.service';
import { LegacyOwnerSourcesService } from './bootstrap/legacy-owner-sources.service';
import { GroupMappingEntity } from './group-mappings/group-mapping.entity';
import { GroupMappingRepository } from './group-mappings/group-mapping.repository';
import { GroupMappingService } from './group-mappings/group-mapping.service';
import { GroupMappingsController } from './group-mappings/group-mappings.controller';
import { MeController } from './me.controller';
import { AccessExplainController } from './explain/access-explain.controller';
import { AccessExplainService } from './explain/access-explain.service';
import { SIGN_IN_SOURCES, SignInSources } from './identity';
import { DEFAULT_CLAIM_MAPPING, OidcTokenVerifier, readOidcSettings } from './oidc';
import { AccessPolicyEntity } from './policies/access-policy.entity';
import { AccessPolicyRepository } from './policies/access-policy.repository';
import { AccessPolicyService } from './policies/access-policy.service';
import { AccessPoliciesController } from './policies/access-policies.controller';
import { ACCESS_RULES_TTL_MS, AccessRulesSnapshot } from './policies/access-rules.snapshot';
import {
  OIDC_ISSUERS,
  OIDC_SCOPES_SUPPORTED,
  ProtectedResourceController,
} from './protected-resource.controller';
import { SettingsEntity } from './settings/settings.entity';
import { SettingsController } from './settings/settings.controller';
import { SettingsRepository } from './settings/settings.repository';
import { SettingsService } from './settings/settings.service';
import { SsoConfig } from './sso';
import { SSO_CONFIG, SsoHeaderNestMiddleware } from './sso/sso-header.nest-middleware';

/** Policy and mapping changes reach every replica within this time even when a change notice is lost. */
const ACCESS_RULES_RELOAD_MS = 1000;

export const ACCESS_ENTITIES = [AppKeyEntity, SettingsEntity, GroupMappingEntity, AccessPolicyEntity];

export interface AccessModuleOptions {
  /** Where the one-time administrator key banner goes; standard output unless a test says otherwise. */
  printSecret?: (text: string) => void;
}

@Module({})
export class AccessModule implements NestModule {
  static register(config: GatewayConfig, options: AccessModuleOptions = {}): DynamicModule {
    const settings = accessSettings(config.GATEWAY_ADMIN_GROUP_SID, config.publicUrl());
    const oidc = readOidcSettings(config.asEnvironment(), settings.resource);
    const sso = SsoConfig.create({
      proxySecret: config.GATEWAY_SSO_PROXY_SECRET,
      trustedProxies: config.GATEWAY_SSO_TRUSTED_PROXIES,
      headers: config.GATEWAY_SSO_HEADERS,
    });
    return {
      module: AccessModule,
      imports: [TypeOrmModule.forFeature(ACCESS_ENTITIES), AuditModule],
      controllers: [
        AppKeysController,
        ClientsController,
        AccessPoliciesController,
        GroupMappingsController,
        SettingsController,
        MeController,
        ProtectedResourceController,
        AccessExplainController,
      ],
      providers: [
        { provide: ACCESS_SETTINGS, useValue: settings },
        { provide: SSO_CONFIG, useValue: sso },
        {
          provide: SIGN_IN_SOURCES,
          useValue: new SignInSources({
            sso: sso.enabled,
            issuers: oidc?.verifier.issuers ?? [],
            usernameClaims:
              oidc?.verifier.claimMapping?.usernameClaims ?? DEFAULT_CLAIM_MAPPING.usernameClaims,
          }),
        },
        SsoHeaderNestMiddleware,
        { provide: KEY_CACHE_TTL_MS, useValue: config.GATEWAY_KEY_CACHE_SECONDS * 1000 },
        { provide: ACCESS_RULES_TTL_MS, useValue: ACCESS_RULES_RELOAD_MS },
        {
          provide: OIDC_VERIFIER,
          // Token lifetimes and the retry pause after a failed discovery go by the service's clock.
          useFactory: (clock: Clock) =>
            oidc === undefined ? null : new OidcTokenVerifier(oidc.verifier, { now: () => clock.now() }),
          inject: [CLOCK],
        },
        { provide: OIDC_ISSUERS, useValue: oidc?.verifier.issuers ?? [] },
        { provide: OIDC_SCOPES_SUPPORTED, useValue: oidc?.scopesSupported ?? [] },
        { provide: BOOTSTRAP_ADMIN_KEY, useValue: config.GATEWAY_BOOTSTRAP_ADMIN_KEY },
        { provide: SEED_DEFAULT_POLICIES, useValue: config.GATEWAY_SEED_DEFAULT_POLICIES },
        {
          provide: SECRET_PRINTER,
          useValue: options.printSecret ?? ((text: string) => process.stdout.write(text)),
        },
        { provide: DIGEST_VERIFIER, useValue: verifyAppKeyDigest },
        KeyVerificationCache,
        AppKeyRepository,
        AppKeyService,
        AppKeyAuthenticator,
        AuthenticationFailureThrottle,
        AuthenticationService,
        ApiAccessAuthorizer,
        // What the service kit's deny-by-default guard asks about routes marked with ApiRoles.
        { provide: ROUTE_AUTHORIZER, useExisting: ApiAccessAuthorizer },
        SettingsRepository,
        SettingsService,
        AccessRulesSnapshot,
        AccessPolicyRepository,
        AccessPolicyService,
        GroupMappingRepository,
        GroupMappingService,
        AdminBootstrapService,
        DefaultPolicyBootstrapService,
        LegacyOwnerSourcesService,
        AccessControlService,
        AccessChangeListener,
        AccessExplainService,
      ],
      exports: [AuthenticationService, AccessControlService, ACCESS_SETTINGS, SsoHeaderNestMiddleware],
    };
  }

  /** Forged identity headers are removed before anything else reads the request. */
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(SsoHeaderNestMiddleware).forRoutes({ path: '{*splat}', method: RequestMethod.ALL });
  }
}
