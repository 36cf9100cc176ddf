// What needs a Plex sign-in, which this branch's HTTP tests cannot make yet: the caller's servers
// from plex.tv, and the rule that a Plex user binds only a server they own. MediaServerService runs
// against the plex.tv and Plex simulators with a test CallerPlexToken standing in for sessions and
// an in-memory binding store standing in for Postgres (the e2e test covers the real one).
import { DomainError, ManualClock } from '@platform/service-kit';
import { startMediaStack, type LibraryUser, type MediaStack } from '@platform/testing-media-stack';
import pino from 'pino';
import { PlexTvClient } from '@platform/curation-media-clients';
import { AccessErrors } from '../access/access-errors';
import type { Caller } from '../access/caller';
import type { PlexTvConnector } from '../access/plex-tv/plex-tv.connector';
import type { SessionStore } from '../access/sessions/session.store';
import type { AuditLedger, LedgerEntry } from '../audit/audit-ledger';
import { BindPermission } from '../access/sign-in/bind-permission';
import type { CurationConfig } from '../config/curation-config';
import type { CallerPlexToken } from './caller-plex-token';
import type { MediaServerBinding, MediaServerBindingRepository } from './media-server-binding.repository';
import { MediaServerHealth } from './media-server-health';
import { MediaServerService } from './media-server.service';
import { PlexClients } from './plex-clients';

let stack: MediaStack;
let owner: LibraryUser;
let friend: LibraryUser;

beforeAll(async () => {
  stack = await startMediaStack({ seed: 'curation-mediaserver-owner', items: 20 });
  const users = stack.library.users;
  const foundOwner = users.find((user) => user.kind === 'owner');
  const foundFriend = users.find((user) => user.kind === 'shared' && user.hasServerAccess);
  if (foundOwner === undefined || foundFriend === undefined) throw new Error('library lacks owner or friend');
  owner = foundOwner;
  friend = foundFriend;
});

afterAll(async () => {
  await stack?.stop();
});

/** The sessions the access feature will keep: a Plex user's account token. */
class TestSessions implements CallerPlexToken {
  constructor(private readonly tokens: ReadonlyMap<string, string>) {}

  plexTokenOf(caller: Caller): Promise<string | null> {
    return Promise.resolve(caller.kind === 'user' ? (this.tokens.get(caller.userId) ?? null) : null);
  }
}

function userCaller(user: LibraryUser): Caller {
  return { kind: 'user', userId: String(user.plexId), username: user.username ?? user.title, role: 'Admin' };
}

function setUp(configuredAdmins: readonly string[] = []): {
  service: MediaServerService;
  stored: MediaServerBinding[];
  recorded: LedgerEntry[];
} {
  const stored: MediaServerBinding[] = [];
  const recorded: LedgerEntry[] = [];
  // The ledger's own SQL is tested in audit-ledger.repository.int.spec.ts; here, what bind records.
  const ledger = {
    record: (_caller: Caller, entry: LedgerEntry) => {
      recorded.push(entry);
      return Promise.resolve(String(recorded.length));
    },
  } as unknown as AuditLedger;
  const bindings = {
    transaction: <T>(work: (manager: unknown) => Promise<T>) => work(undefined),
    current: () => Promise.resolve(stored.at(-1) ?? null),
    hasCatalog: () => Promise.resolve(false),
    replace: (binding: Omit<MediaServerBinding, 'boundAt'>) => {
      stored.push({ ...binding, boundAt: new Date() });
      return Promise.resolve();
    },
  } as unknown as MediaServerBindingRepository;
  const plexTv = new PlexTvClient({ baseUrl: stack.plexTv.url, clientIdentifier: 'test', product: 'test' });
  const connector = {
    api: () => Promise.resolve(plexTv),
    clientIdentifier: () => Promise.resolve('test'),
  } as unknown as PlexTvConnector;
  const clients = new PlexClients(connector);
  const tokens = new Map(stack.library.users.map((user) => [String(user.plexId), user.authToken]));
  const sessions = new TestSessions(tokens);
  const sessionStore = {
    plexTokenOf: (caller: Caller) => {
      const token = caller.kind === 'user' ? tokens.get(caller.userId) : undefined;
      if (token === undefined) throw AccessErrors.plexSignInRequired();
      return token;
    },
  } as unknown as SessionStore;
  const config = { adminPlexAccounts: () => configuredAdmins } as unknown as CurationConfig;
  const service = new MediaServerService(
    bindings,
    new MediaServerHealth(clients, new ManualClock()),
    clients,
    sessions,
    new BindPermission(config, sessionStore, connector),
    pino({ level: 'silent' }),
    ledger,
  );
  return { service, stored, recorded };
}

function bindRequest(): {
  machineIdentifier: string;
  name: string;
  baseUrl: string;
  apiKey: string;
} {
  return {
    machineIdentifier: stack.library.server.machineIdentifier,
    name: stack.library.server.name,
    baseUrl: stack.plex.url,
    apiKey: owner.serverToken,
  };
}

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error: unknown = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
}

describe("the caller's servers", () => {
  it('lists the servers plex.tv gives the owner, with connections and without access tokens', async () => {
    const { service } = setUp();
    const servers = await service.servers(userCaller(owner));
    expect(servers).toEqual([
      expect.objectContaining({
        machineIdentifier: stack.library.server.machineIdentifier,
        name: stack.library.server.name,
        owned: true,
        bound: false,
        connections: expect.arrayContaining([expect.objectContaining({ uri: expect.any(String) })]),
      }),
    ]);
    expect(JSON.stringify(servers)).not.toContain(owner.serverToken);
    expect(JSON.stringify(servers)).not.toContain('accessToken');
  });

  it("lists a friend's shared servers as not owned, and no player devices", async () => {
    const { service } = setUp();
    const servers = await service.servers(userCaller(friend));
    expect(servers.map((server) => server.machineIdentifier).sort()).toEqual(
      [stack.library.server.machineIdentifier, stack.library.otherServer.machineIdentifier].sort(),
    );
    expect(servers.every((server) => !server.owned && server.product === 'Plex Media Server')).toBe(true);
  });

  it('needs a Plex sign-in: an API key caller is refused', async () => {
    const { service } = setUp();
    const error = await refusal(service.servers({ kind: 'bootstrap', role: 'Admin' }));
    expect(error.code).toBe('mediaserver.plex-account-required');
  });
});

describe('binding as a Plex user', () => {
  it('binds a server the caller owns, recording them as owner and binder, and in the ledger without the token', async () => {
    const { service, stored, recorded } = setUp();
    const status = await service.bind(userCaller(owner), bindRequest());
    expect(status.bound).toBe(true);
    expect(stored).toEqual([
      expect.objectContaining({
        ownerAccountId: String(owner.plexId),
        boundBy: owner.username ?? owner.title,
      }),
    ]);
    expect(recorded).toEqual([
      {
        action: 'mediaserver.bound',
        title: stack.library.server.name,
        details: expect.objectContaining({
          machineIdentifier: stack.library.server.machineIdentifier,
          ownerAccountId: String(owner.plexId),
          previous: null,
        }),
      },
    ]);
    expect(JSON.stringify(recorded)).not.toContain(owner.serverToken);
  });

  it('refuses a server the caller only has shared, even with the right token', async () => {
    const { service, stored, recorded } = setUp();
    const error = await refusal(service.bind(userCaller(friend), bindRequest()));
    expect(error.code).toBe('auth.bind-needs-ownership');
    expect(stored).toEqual([]);
    expect(recorded).toEqual([]);
  });

  it('lets an account in CURATION_ADMIN_PLEX_ACCOUNTS bind with the owner token', async () => {
    const { service, stored } = setUp([(friend.username ?? '').toLowerCase()]);
    await service.bind(userCaller(friend), bindRequest());
    expect(stored).toEqual([expect.objectContaining({ ownerAccountId: String(owner.plexId) })]);
  });

  it('refuses a Plex user whose token is unknown: ownership cannot be confirmed', async () => {
    const { service } = setUp();
    const stranger: Caller = { kind: 'user', userId: '123456789', username: 'stranger', role: 'Admin' };
    const error = await refusal(service.bind(stranger, bindRequest()));
    expect(error.code).toBe('auth.plex-sign-in-required');
  });
});
