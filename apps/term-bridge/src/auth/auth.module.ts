// Authentication of bridge clients: one configured bearer key (spec 5.3).
import { type DynamicModule, Module } from '@nestjs/common';
import { ApiKeyVerifier } from './api-key.verifier';
import { BearerAuthGuard } from './bearer-auth.guard';

@Module({})
export class AuthModule {
  static register(apiKey: string | undefined): DynamicModule {
    return {
      module: AuthModule,
      providers: [{ provide: ApiKeyVerifier, useValue: new ApiKeyVerifier(apiKey) }, BearerAuthGuard],
      exports: [ApiKeyVerifier, BearerAuthGuard],
    };
  }
}
