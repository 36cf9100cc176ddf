// The stored sources of media data (the bound Plex Media Server and the connections), for every
// feature that reads them: access (who owns the server), their endpoints, the sync and pruning.
import { Global, Module } from '@nestjs/common';
import { ConnectionRepository } from '../connections/connection.repository';
import { MediaServerBindingRepository } from '../mediaserver/media-server-binding.repository';

@Global()
@Module({
  providers: [MediaServerBindingRepository, ConnectionRepository],
  exports: [MediaServerBindingRepository, ConnectionRepository],
})
export class MediaSourcesModule {}
