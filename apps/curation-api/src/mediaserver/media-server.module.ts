// The binding to the one Plex Media Server: its status, the caller's servers, binding (decision 034).
import { type DynamicModule, Module } from '@nestjs/common';
import type { CurationConfig } from '../config/curation-config';
import { CALLER_PLEX_TOKEN, NoPlexSessions } from './caller-plex-token';
import { MediaServerHealth } from './media-server-health';
import { MediaServerController } from './media-server.controller';
import { CONFIGURED_ADMIN_ACCOUNTS, MediaServerService } from './media-server.service';
import {
  PLEX_CLIENT_IDENTIFIER,
  PLEX_CLIENT_SETTINGS,
  PLEX_PRODUCT,
  PlexClients,
  type PlexClientSettings,
} from './plex-clients';

@Module({})
export class MediaServerModule {
  static register(config: CurationConfig): DynamicModule {
    const settings: PlexClientSettings = {
      plexTvUrl: config.CURATION_PLEX_TV_URL,
      clientIdentifier: PLEX_CLIENT_IDENTIFIER,
      product: PLEX_PRODUCT,
    };
    return {
      module: MediaServerModule,
      controllers: [MediaServerController],
      providers: [
        { provide: PLEX_CLIENT_SETTINGS, useValue: settings },
        { provide: CONFIGURED_ADMIN_ACCOUNTS, useValue: config.adminPlexAccounts() },
        // Sessions (the access feature) replace this with their store: { provide: CALLER_PLEX_TOKEN, useExisting: … }.
        { provide: CALLER_PLEX_TOKEN, useClass: NoPlexSessions },
        PlexClients,
        MediaServerHealth,
        MediaServerService,
      ],
    };
  }
}
