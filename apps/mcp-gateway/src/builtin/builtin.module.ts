// The gateway's built-in `router` server: registered as an in-process backend at start-up,
// before connections are made, and listed by the registry as a `builtin` server.
import { type DynamicModule, Module, type OnModuleInit } from '@nestjs/common';
import { InProcessBackendRegistry } from '../backends/in-process';
import { BackendLogsService } from './backend-logs.service';
import { DatabaseStatusRepository } from './database-status.repository';
import { DatabaseStatusService } from './database-status.service';
import { GatewayStatusService } from './gateway-status.service';
import { RouterBackend } from './router.backend';

@Module({})
export class BuiltinModule implements OnModuleInit {
  constructor(
    private readonly inProcess: InProcessBackendRegistry,
    private readonly router: RouterBackend,
  ) {}

  static register(backends: DynamicModule, mcp: DynamicModule): DynamicModule {
    return {
      module: BuiltinModule,
      imports: [backends, mcp],
      providers: [
        GatewayStatusService,
        DatabaseStatusRepository,
        DatabaseStatusService,
        BackendLogsService,
        RouterBackend,
      ],
    };
  }

  onModuleInit(): void {
    this.inProcess.register(this.router);
  }
}
