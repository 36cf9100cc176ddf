// For e2e tests: the curation API over real Postgres, bound to the simulated Plex server of a
// media stack, with its Sonarr, Radarr and Overseerr connections (and, with startSyncedCuration,
// a fresh stack after one finished sync and a Guest API key).
import request from 'supertest';
import { type LibraryUser, type MediaStack, startMediaStack } from '@platform/testing-media-stack';
import { startTestService, type TestService } from '@platform/testing-service';
import { ConnectionRepository } from '../connections/connection.repository';
import { CURATION_SERVICE } from '../curation-api.module';
import { MediaServerBindingRepository } from '../mediaserver/media-server-binding.repository';
import { SyncService } from './sync.service';

export interface SyncedCuration {
  readonly stack: MediaStack;
  readonly service: TestService;
  /** The bootstrap key (Admin). */
  readonly adminKey: string;
  /** An API key with the Guest role. */
  readonly guestKey: string;
  readonly owner: LibraryUser;
  close(): Promise<void>;
}

/** Binds the stack's Plex server as its owner; the owner. */
export async function bindSimulatedPlex(
  service: TestService,
  stack: MediaStack,
  boundBy: string,
): Promise<LibraryUser> {
  const owner = stack.library.users.find((user) => user.kind === 'owner') as LibraryUser;
  await service.app.get(MediaServerBindingRepository).replace({
    machineIdentifier: stack.library.server.machineIdentifier,
    name: stack.library.server.name,
    baseUrl: stack.plex.url,
    token: owner.serverToken,
    ownerAccountId: String(owner.plexId),
    boundBy,
  });
  return owner;
}

/** Binds the stack's Plex server (as its owner) and adds its Sonarr, Radarr and Overseerr; the owner. */
export async function connectSimulatedStack(
  service: TestService,
  stack: MediaStack,
  boundBy: string,
): Promise<LibraryUser> {
  const owner = await bindSimulatedPlex(service, stack, boundBy);
  const connections = service.app.get(ConnectionRepository);
  for (const [type, name, simulator, is4k] of [
    ['sonarr', 'Sonarr', stack.sonarr, false],
    ['sonarr', 'Sonarr 4K', stack.sonarr4k, true],
    ['radarr', 'Radarr', stack.radarr, false],
    ['radarr', 'Radarr 4K', stack.radarr4k, true],
    ['overseerr', 'Overseerr', stack.overseerr, false],
  ] as const) {
    await connections.insert({ type, name, baseUrl: simulator.url, apiKey: simulator.apiKey, is4k });
  }
  return owner;
}

export async function startSyncedCuration(options: {
  readonly seed: string;
  readonly items: number;
  readonly adminKey: string;
  /** More variables for the service, e.g. WEB_APP_DIR. */
  readonly environment?: Record<string, string>;
}): Promise<SyncedCuration> {
  const stack = await startMediaStack({ seed: options.seed, items: options.items });
  const service = await startTestService(CURATION_SERVICE, {
    CURATION_BOOTSTRAP_API_KEY: options.adminKey,
    CURATION_SYNC_INTERVAL_MINUTES: '0',
    CURATION_PLEX_TV_URL: stack.plexTv.url,
    CURATION_PLEX_APP_AUTH_URL: stack.plexTv.appAuthUrl,
    ...options.environment,
  });
  const owner = await connectSimulatedStack(service, stack, options.seed);
  const admin = { 'X-Api-Key': options.adminKey };
  await request(service.server).post('/api/v1/sync').set(admin).expect(202);
  await service.app.get(SyncService).settled();
  const guest = await request(service.server)
    .post('/api/v1/auth/api-keys')
    .set(admin)
    .send({ name: `${options.seed} guest`, role: 'Guest' })
    .expect(201);
  return {
    stack,
    service,
    adminKey: options.adminKey,
    guestKey: (guest.body as { key: string }).key,
    owner,
    close: async () => {
      await service.close();
      await stack.stop();
    },
  };
}
