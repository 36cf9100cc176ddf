// The key that seals stored tokens and API keys (CURATION_SECRET_KEY), for every feature that
// stores one: the media-server binding, connections, sessions; checked at start to be the key of
// every other process on the database.
import { type DynamicModule, Module } from '@nestjs/common';
import { SERVICE_LOGGER } from '@platform/service-kit';
import type { Logger } from 'pino';
import type { CurationConfig } from '../config/curation-config';
import { SecretBox } from './secret-box';
import { SecretKeyCheck } from './secret-key.check';
import { loadSecretKey } from './secret-key.loader';

@Module({})
export class SecretsModule {
  static register(config: CurationConfig): DynamicModule {
    return {
      module: SecretsModule,
      global: true,
      providers: [
        {
          provide: SecretBox,
          inject: [SERVICE_LOGGER],
          useFactory: (logger: Logger): SecretBox => {
            const loaded = loadSecretKey(config);
            if (loaded.generatedAt !== undefined) {
              logger.warn(
                { file: loaded.generatedAt },
                loaded.generatedAt === 'memory'
                  ? 'CURATION_SECRET_KEY is not set: stored tokens and API keys are encrypted with a key kept in memory, like the database.'
                  : 'CURATION_SECRET_KEY is not set: generated a key file that encrypts stored tokens and API keys. Back it up with the database, or set CURATION_SECRET_KEY (every replica needs the same key).',
              );
            }
            return new SecretBox(loaded.key);
          },
        },
        SecretKeyCheck,
      ],
      exports: [SecretBox],
    };
  }
}
