// Live health of the bound server for the status endpoint: /identity with a short timeout, then its
// library sections and their sizes. Results are kept a few seconds (CLOCK) and concurrent callers
// share one probe in flight, so a page polling the public status cannot make this API flood Plex.
import { Inject, Injectable } from '@nestjs/common';
import { mapWithConcurrency, MediaClientError } from '@platform/curation-media-clients';
import { CLOCK, type Clock } from '@platform/service-kit';
import type { MediaServerBinding } from './media-server-binding.repository';
import type { MediaServerLibraryView } from './media-server-status';
import { PlexClients } from './plex-clients';

export interface MediaServerHealthReport {
  readonly reachable: boolean;
  readonly checkedAt: Date;
  readonly error: string | null;
  readonly libraries: readonly MediaServerLibraryView[];
}

/** How long one probe's result answers status calls. */
export const HEALTH_CACHE_MS = 5_000;
const PROBE_TIMEOUT_MS = 3_000;
const SECTION_COUNT_CONCURRENCY = 4;

interface CachedProbe {
  readonly key: string;
  readonly startedAtMs: number;
  readonly report: Promise<MediaServerHealthReport>;
}

@Injectable()
export class MediaServerHealth {
  private cached: CachedProbe | undefined;

  constructor(
    private readonly clients: PlexClients,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  check(binding: MediaServerBinding): Promise<MediaServerHealthReport> {
    // A rebind (another URL, token or server) must not be answered with the old server's health.
    const key = `${binding.machineIdentifier}\n${binding.baseUrl}\n${binding.boundAt.getTime()}`;
    const now = this.clock.nowMs();
    if (
      this.cached !== undefined &&
      this.cached.key === key &&
      now - this.cached.startedAtMs < HEALTH_CACHE_MS
    ) {
      return this.cached.report;
    }
    const report = this.probe(binding);
    this.cached = { key, startedAtMs: now, report };
    return report;
  }

  /** Drops the cached result (after a bind), so the next status probes again. */
  forget(): void {
    this.cached = undefined;
  }

  private async probe(binding: MediaServerBinding): Promise<MediaServerHealthReport> {
    const server = await this.clients.server(binding.baseUrl, binding.token, PROBE_TIMEOUT_MS);
    const checkedAt = this.clock.now();
    const unhealthy = (reachable: boolean, error: string): MediaServerHealthReport => ({
      reachable,
      checkedAt,
      error,
      libraries: [],
    });
    try {
      const identity = await server.getIdentity();
      if (identity.machineIdentifier !== binding.machineIdentifier) {
        return unhealthy(
          false,
          `${binding.baseUrl} now answers as server ${identity.machineIdentifier}, not the bound ${binding.machineIdentifier}`,
        );
      }
    } catch (error) {
      return unhealthy(false, describeFailure(error));
    }
    try {
      const sections = await server.getSections();
      const libraries = await mapWithConcurrency(sections, SECTION_COUNT_CONCURRENCY, async (section) => ({
        key: section.key,
        title: section.title,
        type: section.type,
        itemCount: await server.countSectionItems(section.key),
      }));
      return { reachable: true, checkedAt, error: null, libraries };
    } catch (error) {
      if (error instanceof MediaClientError && error.code === 'unauthorized') {
        return unhealthy(true, 'the server refused the stored token: bind it again with a valid apiKey');
      }
      return unhealthy(true, describeFailure(error));
    }
  }
}

/** Media client messages are written to be shown (credentials scrubbed); anything else is not. */
function describeFailure(error: unknown): string {
  if (error instanceof MediaClientError) return error.message;
  throw error;
}
