// A Sonarr v3 simulator for one instance (HD or 4K): system status, series with per-season
// statistics, episodes, episode files, quality profiles, import list exclusions, the cutoff-unmet
// list, and the mutations a pruning tool uses (routes in sonarr.routes.ts).
import type { FaultController } from '../http/fault-rules';
import { startSimulatorServer } from '../http/simulator-server';
import type { RecordedRequest } from '../http/simulator-server';
import type { ArrInstanceKind, MediaLibrary } from '../library/media-library.types';
import { arrAuthorize, arrError, arrNotFound } from './arr-common';
import { sonarrRoutes } from './sonarr.routes';
import { SonarrState } from './sonarr-state';

export interface SonarrOptions {
  readonly library: MediaLibrary;
  readonly instance?: ArrInstanceKind;
  readonly port?: number;
}

export interface SonarrSimulator {
  readonly url: string;
  readonly apiKey: string;
  readonly state: SonarrState;
  readonly faults: FaultController;
  readonly requests: readonly RecordedRequest[];
  stop(): Promise<void>;
}

export async function startSonarr(options: SonarrOptions): Promise<SonarrSimulator> {
  const { library } = options;
  const instance = library.sonarrInstances.find((candidate) => candidate.kind === (options.instance ?? 'hd'));
  if (instance === undefined)
    throw new Error(`the library has no ${options.instance ?? 'hd'} Sonarr instance`);
  const state = new SonarrState(instance, library.series);
  const routes = sonarrRoutes(state, library.now);

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
