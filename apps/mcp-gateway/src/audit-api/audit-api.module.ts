// `GET /api/audit` for administrators. Apart from audit/ because it needs the access feature's
// guard, while access records its own events through audit/: so audit stays below access.
import { type DynamicModule, Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AuditController } from './audit.controller';

@Module({})
export class AuditApiModule {
  /** `access`: the registered access module, which provides the `/api/*` guard. */
  static register(access: DynamicModule): DynamicModule {
    return { module: AuditApiModule, imports: [access, AuditModule], controllers: [AuditController] };
  }
}
