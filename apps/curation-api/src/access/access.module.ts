// Who may call the curation API: sign-in, sessions, API keys and roles (docs/decisions/030).
import { type DynamicModule, Module } from '@nestjs/common';
import { ROUTE_AUTHORIZER } from '@platform/service-kit';
import type { CurationConfig } from '../config/curation-config';
import { BootstrapKeyVerifier } from './bootstrap-key.verifier';
import { CurationAuthorizer } from './curation.authorizer';

@Module({})
export class AccessModule {
  static register(config: CurationConfig): DynamicModule {
    return {
      module: AccessModule,
      providers: [
        {
          provide: BootstrapKeyVerifier,
          useValue: new BootstrapKeyVerifier(config.CURATION_BOOTSTRAP_API_KEY),
        },
        CurationAuthorizer,
        // What the service kit's deny-by-default guard asks about routes marked with curation roles.
        { provide: ROUTE_AUTHORIZER, useExisting: CurationAuthorizer },
      ],
      exports: [BootstrapKeyVerifier],
    };
  }
}
