// Connections to Sonarr and Radarr instances, Overseerr and Tautulli (docs/decisions/035).
import { Module } from '@nestjs/common';
import { ConnectionTester } from './connection-tester';
import { ConnectionsController } from './connections.controller';
import { ConnectionsService } from './connections.service';

@Module({
  controllers: [ConnectionsController],
  providers: [ConnectionTester, ConnectionsService],
})
export class ConnectionsModule {}
