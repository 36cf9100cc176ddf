// Authentication of bridge clients: one configured bearer key (spec 5.3).
import { type DynamicModule, Module } from '@nestjs/common';
import { ROUTE_AUTHORIZER } from '@platform/service-kit';
import { ApiKeyVerifier } from './api-key.verifier';
import { BearerAuthAuthorizer } from './bearer-auth.authorizer';

@Module({})
export class AuthModule {
  static register(apiKey: string | undefined): DynamicModule {
    return {
      module: AuthModule,
      providers: [
        { provide: ApiKeyVerifier, useValue: new ApiKeyVerifier(apiKey) },
        BearerAuthAuthorizer,
        // What the service kit's deny-by-default guard asks about routes marked with BridgeRoles.
        { provide: ROUTE_AUTHORIZER, useExisting: BearerAuthAuthorizer },
      ],
      exports: [ApiKeyVerifier],
    };
  }
}
