// The simulated media stack of `npm run demo`: Plex Media Server, plex.tv, HD and 4K Sonarr and
// Radarr, Overseerr and Tautulli over one generated library, on fixed loopback ports. When all are
// up it tells its parent (over the IPC channel `npm run demo` opens) where they are and which
// credentials they take, so the demo can bind the curation API to them. Never for production: the
// simulators accept the generated library's tokens and keys, nothing else.
//
//   DEMO_ITEMS      library size (default 3000)
//   DEMO_SEED       generator seed (default "demo"): the same seed gives the same library
//   DEMO_BASE_PORT  first of eight consecutive ports (default 18400)
import { startMediaStack, type MediaStack } from '@platform/testing-media-stack';

export interface DemoStackReady {
  readonly kind: 'demo-stack-ready';
  readonly items: number;
  readonly plex: {
    readonly url: string;
    readonly machineIdentifier: string;
    readonly name: string;
    readonly token: string;
  };
  readonly plexTvUrl: string;
  /**
   * The simulated app.plex.tv approval page (`<plexTvUrl>/auth#?`): the demo sets the curation API's
   * CURATION_PLEX_APP_AUTH_URL to it, so a PIN's authUrl opens there.
   */
  readonly plexAppAuthUrl: string;
  /**
   * What that page's "Approve as" buttons call, for a test that drives the demo without a browser:
   * `POST` JSON `{code, clientID, plexId}` (the authUrl's fragment and an account below); see
   * PlexTvSimulator.appApproveUrl.
   */
  readonly plexApproveUrl: string;
  readonly connections: readonly {
    readonly type: 'sonarr' | 'radarr' | 'overseerr' | 'tautulli';
    readonly name: string;
    readonly baseUrl: string;
    readonly apiKey: string;
    readonly is4k: boolean;
  }[];
  /** Accounts to sign in with: the owner (Admin) and a friend with access (Guest). */
  readonly accounts: readonly {
    readonly role: 'owner' | 'friend';
    /** plex.tv account id, the `plexId` the approve route takes. */
    readonly plexId: number;
    readonly username: string;
    readonly authToken: string;
  }[];
}

function integerFrom(name: string, fallback: number, min: number, max: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer between ${min} and ${max}, got ${JSON.stringify(text)}`);
  }
  return value;
}

function readyMessage(stack: MediaStack): DemoStackReady {
  const { library } = stack;
  const owner = library.users.find((user) => user.kind === 'owner');
  const friend = library.users.find(
    (user) => user.kind === 'shared' && user.hasServerAccess && user.username,
  );
  if (owner === undefined) throw new Error('the generated library has no owner');
  const arr = (
    instance: { kind: string; name: string; apiKey: string },
    url: string,
    type: 'sonarr' | 'radarr',
  ) => ({
    type,
    name: instance.name,
    baseUrl: url,
    apiKey: instance.apiKey,
    is4k: instance.kind === '4k',
  });
  const sonarr = (kind: string) => library.sonarrInstances.find((instance) => instance.kind === kind);
  const radarr = (kind: string) => library.radarrInstances.find((instance) => instance.kind === kind);
  const instances = [
    [sonarr('hd'), stack.sonarr.url, 'sonarr'],
    [sonarr('4k'), stack.sonarr4k.url, 'sonarr'],
    [radarr('hd'), stack.radarr.url, 'radarr'],
    [radarr('4k'), stack.radarr4k.url, 'radarr'],
  ] as const;
  return {
    kind: 'demo-stack-ready',
    items: library.movies.length + library.series.length,
    plex: {
      url: stack.plex.url,
      machineIdentifier: library.server.machineIdentifier,
      name: library.server.name,
      token: stack.plex.ownerToken,
    },
    plexTvUrl: stack.plexTv.url,
    plexAppAuthUrl: stack.plexTv.appAuthUrl,
    plexApproveUrl: stack.plexTv.appApproveUrl,
    connections: [
      ...instances.flatMap(([instance, url, type]) =>
        instance === undefined ? [] : [arr(instance, url, type)],
      ),
      {
        type: 'overseerr',
        name: 'Overseerr',
        baseUrl: stack.overseerr.url,
        apiKey: stack.overseerr.apiKey,
        is4k: false,
      },
      {
        type: 'tautulli',
        name: 'Tautulli',
        baseUrl: stack.tautulli.url,
        apiKey: stack.tautulli.apiKey,
        is4k: false,
      },
    ],
    accounts: [
      {
        role: 'owner',
        plexId: owner.plexId,
        username: owner.username ?? owner.title,
        authToken: owner.authToken,
      },
      ...(friend === undefined
        ? []
        : [
            {
              role: 'friend' as const,
              plexId: friend.plexId,
              username: friend.username ?? friend.title,
              authToken: friend.authToken,
            },
          ]),
    ],
  };
}

async function main(): Promise<void> {
  const items = integerFrom('DEMO_ITEMS', 3000, 10, 100_000);
  const base = integerFrom('DEMO_BASE_PORT', 18_400, 1024, 65_527);
  const stack = await startMediaStack({
    seed: process.env['DEMO_SEED'] || 'demo',
    items,
    ports: {
      plex: base,
      plexTv: base + 1,
      sonarr: base + 2,
      sonarr4k: base + 3,
      radarr: base + 4,
      radarr4k: base + 5,
      overseerr: base + 6,
      tautulli: base + 7,
    },
  });
  const ready = readyMessage(stack);
  if (process.send) process.send(ready);
  else process.stdout.write(`${JSON.stringify(ready)}\n`);
  const stop = (): void => {
    void stack.stop().finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.on('disconnect', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `demo stack failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
