// Starts every simulator over one generated library: the Plex server, plex.tv pointing at it, HD
// and 4K Sonarr and Radarr, Overseerr and Tautulli, each on its own 127.0.0.1 port.
import { generateMediaLibrary } from './library/generate-media-library';
import type { MediaLibrary } from './library/media-library.types';
import { startOverseerr } from './overseerr/overseerr.simulator';
import type { OverseerrSimulator } from './overseerr/overseerr.simulator';
import { startRadarr } from './arr/radarr.simulator';
import type { RadarrSimulator } from './arr/radarr.simulator';
import { startSonarr } from './arr/sonarr.simulator';
import type { SonarrSimulator } from './arr/sonarr.simulator';
import type { PlexPagingOptions } from './plex/plex-container';
import { startPlexMediaServer } from './plex/plex-media-server.simulator';
import type { PlexMediaServerSimulator } from './plex/plex-media-server.simulator';
import { startPlexTv } from './plex-tv/plex-tv.simulator';
import type { PlexTvSimulator } from './plex-tv/plex-tv.simulator';
import { startTautulli } from './tautulli/tautulli.simulator';
import type { TautulliSimulator } from './tautulli/tautulli.simulator';

export interface MediaStackOptions {
  /** A library to serve; otherwise one is generated from `seed` and `items`. */
  readonly library?: MediaLibrary;
  readonly seed?: number | string;
  readonly items?: number;
  readonly plexPaging?: PlexPagingOptions;
  /** plex.tv's clock (PIN expiry), in milliseconds. */
  readonly clock?: () => number;
  /** Fixed ports (for a demo others connect to); free ports when omitted. */
  readonly ports?: Partial<
    Record<
      'plex' | 'plexTv' | 'sonarr' | 'sonarr4k' | 'radarr' | 'radarr4k' | 'overseerr' | 'tautulli',
      number
    >
  >;
}

export interface MediaStack {
  readonly library: MediaLibrary;
  readonly plex: PlexMediaServerSimulator;
  readonly plexTv: PlexTvSimulator;
  readonly sonarr: SonarrSimulator;
  readonly sonarr4k: SonarrSimulator;
  readonly radarr: RadarrSimulator;
  readonly radarr4k: RadarrSimulator;
  readonly overseerr: OverseerrSimulator;
  readonly tautulli: TautulliSimulator;
  stop(): Promise<void>;
}

export async function startMediaStack(options: MediaStackOptions = {}): Promise<MediaStack> {
  const library =
    options.library ?? generateMediaLibrary({ seed: options.seed ?? 1, items: options.items ?? 200 });
  const started: { stop(): Promise<void> }[] = [];
  const track = async <T extends { stop(): Promise<void> }>(starting: Promise<T>): Promise<T> => {
    const simulator = await starting;
    started.push(simulator);
    return simulator;
  };
  const stop = async (): Promise<void> => {
    await Promise.all(started.splice(0).map((simulator) => simulator.stop()));
  };
  try {
    const ports = options.ports ?? {};
    const plex = await track(startPlexMediaServer({ library, paging: options.plexPaging, port: ports.plex }));
    // One after the other: building each state is synchronous work anyway, and a failure then
    // leaves no simulator starting unseen while the ones already up are stopped.
    const plexTv = await track(
      startPlexTv({ library, plexServerUrl: plex.url, clock: options.clock, port: ports.plexTv }),
    );
    const sonarr = await track(startSonarr({ library, instance: 'hd', port: ports.sonarr }));
    const sonarr4k = await track(startSonarr({ library, instance: '4k', port: ports.sonarr4k }));
    const radarr = await track(startRadarr({ library, instance: 'hd', port: ports.radarr }));
    const radarr4k = await track(startRadarr({ library, instance: '4k', port: ports.radarr4k }));
    const overseerr = await track(startOverseerr({ library, port: ports.overseerr }));
    const tautulli = await track(startTautulli({ library, port: ports.tautulli }));
    return { library, plex, plexTv, sonarr, sonarr4k, radarr, radarr4k, overseerr, tautulli, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
