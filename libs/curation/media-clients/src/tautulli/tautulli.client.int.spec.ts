// TautulliClient against the Tautulli simulator: the whole history across pages, the users, and
// an API key that never appears in an error message although it travels in the query.
import { generateMediaLibrary, startTautulli } from '@platform/testing-media-stack';
import type { MediaLibrary, TautulliSimulator } from '@platform/testing-media-stack';
import { startAnswerRewritingProxy, withoutField } from '../testing/answer-rewriting-proxy';
import { mediaClientFailure } from '../testing/media-client-failure';
import { TautulliClient } from './tautulli.client';

let library: MediaLibrary;
let tautulli: TautulliSimulator;

beforeAll(async () => {
  library = generateMediaLibrary({ seed: 'media-clients-tautulli', items: 60 });
  tautulli = await startTautulli({ library });
});

afterAll(async () => {
  await tautulli.stop();
});

beforeEach(() => {
  tautulli.faults.clear();
});

const client = (apiKey = tautulli.apiKey, baseUrl = tautulli.url) =>
  new TautulliClient({ baseUrl, apiKey, pageSize: 50, retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 1 } });

describe('TautulliClient', () => {
  it('reads the whole history across pages', async () => {
    const tautulliClient = client();
    const plays = await tautulliClient.getHistory();
    expect(plays).toHaveLength(library.history.length);
    expect(new Set(plays.map((play) => play.id))).toEqual(
      new Set(library.history.map((play) => play.historyId)),
    );
    expect(tautulliClient.requestCount).toBe(Math.max(1, Math.ceil(library.history.length / 50)));
  });

  it("filters the history by a user's plex.tv id", async () => {
    const owner = library.users.find((user) => user.kind === 'owner');
    const plays = await client().getHistory({ userId: owner?.plexId ?? 0 });
    expect(plays).toHaveLength(library.history.filter((play) => play.localAccountId === 1).length);
  });

  it('reads the users with access', async () => {
    const users = await client().getUsers();
    expect(new Set(users.map((user) => user.user_id))).toEqual(
      new Set(library.users.filter((user) => user.hasServerAccess).map((user) => user.plexId)),
    );
  });

  it('refuses a wrong key as unauthorized and keeps keys out of every message', async () => {
    const refused = await mediaClientFailure(client('wrong-tautulli-key').getUsers());
    expect(refused.code).toBe('unauthorized');
    expect(refused.message).not.toContain('wrong-tautulli-key');
    tautulli.faults.add({ path: '/api/v2', status: 502 });
    const failed = await mediaClientFailure(client().getUsers());
    expect(failed.code).toBe('bad-status');
    expect(failed.message).toContain('apikey=[REDACTED]');
    expect(failed.message).not.toContain(tautulli.apiKey);
  });

  it('fails on a play without its user id', async () => {
    const proxy = await startAnswerRewritingProxy(tautulli.url, (path, body) =>
      withoutField(body, ['response', 'data', 'data', 0], 'user_id'),
    );
    try {
      const error = await mediaClientFailure(client(tautulli.apiKey, proxy.url).getHistory());
      expect(error.code).toBe('bad-answer');
      expect(error.message).toContain('field response.data.data[0].user_id');
      expect(error.message).not.toContain(tautulli.apiKey);
    } finally {
      await proxy.stop();
    }
  });
});
