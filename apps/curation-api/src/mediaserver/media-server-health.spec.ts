// MediaServerHealth's cache: a flood of status calls within a few seconds costs Plex one probe,
// concurrent calls share the probe in flight, a rebind probes again, and time moves on CLOCK only.
import { MediaClientError } from '@platform/curation-media-clients';
import type { PlexSection } from '@platform/curation-media-clients';
import { ManualClock } from '@platform/service-kit';
import type { MediaServerBinding } from './media-server-binding.repository';
import { HEALTH_CACHE_MS, MediaServerHealth } from './media-server-health';
import type { MediaServerProbe, PlexClients } from './plex-clients';

const SECTIONS: PlexSection[] = [
  { key: '1', type: 'movie', title: 'Movies', uuid: 'u1' },
  { key: '2', type: 'show', title: 'TV Shows', uuid: 'u2' },
];

class CountingServer implements MediaServerProbe {
  identityCalls = 0;
  answerAs = 'machine-a';
  failIdentity: MediaClientError | undefined;
  private release: (() => void) | undefined;
  private gate: Promise<void> = Promise.resolve();

  /** Holds identity answers until `open()`, so a test can send calls while a probe is in flight. */
  hold(): void {
    this.gate = new Promise((resolve) => {
      this.release = resolve;
    });
  }

  open(): void {
    this.release?.();
  }

  async getIdentity(): Promise<{ machineIdentifier: string; version: string }> {
    this.identityCalls += 1;
    await this.gate;
    if (this.failIdentity !== undefined) throw this.failIdentity;
    return { machineIdentifier: this.answerAs, version: '1.41.0' };
  }

  getSections(): Promise<PlexSection[]> {
    return Promise.resolve(SECTIONS);
  }

  countSectionItems(sectionKey: string): Promise<number> {
    return Promise.resolve(sectionKey === '1' ? 120 : 30);
  }

  getAccounts(): Promise<never[]> {
    return Promise.resolve([]);
  }
}

function binding(fields: Partial<MediaServerBinding> = {}): MediaServerBinding {
  return {
    machineIdentifier: 'machine-a',
    name: 'Home',
    baseUrl: 'http://plex.local:32400',
    token: 'token',
    ownerAccountId: '1',
    boundBy: 'bootstrap-api-key',
    boundAt: new Date(Date.UTC(2026, 0, 1)),
    ...fields,
  };
}

function setUp(): { health: MediaServerHealth; server: CountingServer; clock: ManualClock } {
  const server = new CountingServer();
  const clock = new ManualClock();
  const clients = { server: () => server } as unknown as PlexClients;
  return { health: new MediaServerHealth(clients, clock), server, clock };
}

describe('MediaServerHealth', () => {
  it('reports the libraries with their counts when the bound server answers', async () => {
    const { health, clock } = setUp();
    expect(await health.check(binding())).toEqual({
      reachable: true,
      checkedAt: clock.now(),
      error: null,
      libraries: [
        { key: '1', title: 'Movies', type: 'movie', itemCount: 120 },
        { key: '2', title: 'TV Shows', type: 'show', itemCount: 30 },
      ],
    });
  });

  it('probes once for every call within the cache window, and again after it', async () => {
    const { health, server, clock } = setUp();
    for (let call = 0; call < 20; call += 1) await health.check(binding());
    clock.advance(HEALTH_CACHE_MS - 1);
    await health.check(binding());
    expect(server.identityCalls).toBe(1);
    clock.advance(1);
    await health.check(binding());
    expect(server.identityCalls).toBe(2);
  });

  it('shares one probe in flight between concurrent calls', async () => {
    const { health, server } = setUp();
    server.hold();
    const pending = Array.from({ length: 10 }, () => health.check(binding()));
    server.open();
    const reports = await Promise.all(pending);
    expect(server.identityCalls).toBe(1);
    expect(new Set(reports).size).toBe(1);
  });

  it('probes again at once for another binding, and after forget()', async () => {
    const { health, server } = setUp();
    await health.check(binding());
    await health.check(binding({ baseUrl: 'http://other:32400' }));
    expect(server.identityCalls).toBe(2);
    health.forget();
    await health.check(binding({ baseUrl: 'http://other:32400' }));
    expect(server.identityCalls).toBe(3);
  });

  it('reports an unreachable server with the reason and no libraries', async () => {
    const { health, server } = setUp();
    server.failIdentity = new MediaClientError('unreachable', 'plex', 'GET /identity: connection refused');
    expect(await health.check(binding())).toMatchObject({
      reachable: false,
      error: 'plex: GET /identity: connection refused',
      libraries: [],
    });
  });

  it('reports a URL that now answers as another server as not reachable, naming both', async () => {
    const { health, server } = setUp();
    server.answerAs = 'machine-b';
    const report = await health.check(binding());
    expect(report.reachable).toBe(false);
    expect(report.error).toContain('machine-b');
    expect(report.error).toContain('machine-a');
  });
});
