// A Radarr v3 simulator for one instance (HD or 4K): system status, movies with their files,
// movie files, quality profiles, import exclusions (400 on a duplicate, as Radarr answers), the
// cutoff-unmet list, PUT (202) and DELETE with `deleteFiles` and `addImportExclusion`.
import type { FaultController } from '../http/fault-rules';
import { startSimulatorServer } from '../http/simulator-server';
import type { RecordedRequest } from '../http/simulator-server';
import type { ArrInstanceKind, MediaLibrary } from '../library/media-library.types';
import { arrAuthorize, arrError, arrNotFound } from './arr-common';
import { radarrRoutes } from './radarr.routes';
import { RadarrState } from './radarr-state';

export interface RadarrOptions {
  readonly library: MediaLibrary;
  readonly instance?: ArrInstanceKind;
  readonly port?: number;
}

export interface RadarrSimulator {
  readonly url: string;
  readonly apiKey: string;
  readonly state: RadarrState;
  readonly faults: FaultController;
  readonly requests: readonly RecordedRequest[];
  stop(): Promise<void>;
}

export async function startRadarr(options: RadarrOptions): Promise<RadarrSimulator> {
  const { library } = options;
  const instance = library.radarrInstances.find((candidate) => candidate.kind === (options.instance ?? 'hd'));
  if (instance === undefined)
    throw new Error(`the library has no ${options.instance ?? 'hd'} Radarr instance`);
  const state = new RadarrState(instance, library.movies);
  const routes = radarrRoutes(state, library.now);

  const server = await startSimulatorServer({
    routes,
    port: options.port,
    authorize: arrAuthorize(instance.apiKey),
    notFound: arrNotFound,
    errorResponse: arrError,
  });
  return {
    url: server.url,
    apiKey: instance.apiKey,
    state,
    faults: server.faults,
    requests: server.requests,
    stop: server.stop,
  };
}
