// Connections to Sonarr and Radarr instances, Overseerr and Tautulli (docs/decisions/035).
import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { ConnectionTester } from './connection-tester';
import { ConnectionsController } from './connections.controller';
import { ConnectionsService } from './connections.service';

@Module({
  imports: [AuditModule],
  controllers: [ConnectionsController],
  providers: [ConnectionTester, ConnectionsService],
})
export class ConnectionsModule {}
