// The server registry as a global module: access control reads categories through it (as the
// BackendCatalog) and the backends feature manages and connects the servers it holds.
import { type DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BACKEND_CATALOG } from '../../access/backend-catalog';
import { BackendServerEntity } from './backend-server.entity';
import { BackendServerRepository } from './backend-server.repository';
import { REGISTRY_OPTIONS, type RegistryOptions, ServerRegistry } from './server-registry.service';

@Global()
@Module({})
export class RegistryModule {
  static register(options: RegistryOptions): DynamicModule {
    return {
      module: RegistryModule,
      imports: [TypeOrmModule.forFeature([BackendServerEntity])],
      providers: [
        { provide: REGISTRY_OPTIONS, useValue: options },
        BackendServerRepository,
        ServerRegistry,
        { provide: BACKEND_CATALOG, useExisting: ServerRegistry },
      ],
      exports: [ServerRegistry, BackendServerRepository, BACKEND_CATALOG],
    };
  }
}
