// The binding to the one Plex Media Server: its status, the caller's servers, binding (decision 034).
import { Module } from '@nestjs/common';
import type { Caller } from '../access/caller';
import { SessionStore } from '../access/sessions/session.store';
import { AuditModule } from '../audit/audit.module';
import { CALLER_PLEX_TOKEN, type CallerPlexToken } from './caller-plex-token';
import { MediaServerHealth } from './media-server-health';
import { MediaServerController } from './media-server.controller';
import { MediaServerService } from './media-server.service';
import { PlexClients } from './plex-clients';

@Module({
  imports: [AuditModule],
  controllers: [MediaServerController],
  providers: [
    {
      // The signed-in caller's plex.tv token from their session; API keys have none.
      provide: CALLER_PLEX_TOKEN,
      inject: [SessionStore],
      useFactory: (sessions: SessionStore): CallerPlexToken => ({
        plexTokenOf: (caller: Caller) =>
          Promise.resolve(caller.kind === 'user' ? sessions.plexTokenOf(caller) : null),
      }),
    },
    PlexClients,
    MediaServerHealth,
    MediaServerService,
  ],
  exports: [MediaServerService, PlexClients],
})
export class MediaServerModule {}
