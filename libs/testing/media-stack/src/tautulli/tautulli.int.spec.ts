// The Tautulli simulator over real HTTP: apikey in the query, get_history paging and filters by
// plex.tv user id, consistent with the Plex server's history.
import { generateMediaLibrary } from '../library/generate-media-library';
import type { LibraryUser } from '../library/media-library.types';
import { startTautulli } from './tautulli.simulator';
import type { TautulliSimulator } from './tautulli.simulator';

type Envelope = {
  response: {
    result: string;
    message: string | null;
    data: Record<string, unknown> & { data?: Record<string, unknown>[] };
  };
};

describe('Tautulli simulator', () => {
  const library = generateMediaLibrary({ seed: 'tautulli-tests', items: 120 });
  const owner = library.users.find((user) => user.kind === 'owner') as LibraryUser;
  let tautulli: TautulliSimulator;
  const command = async (query: string, apiKey = tautulli.apiKey) => {
    const response = await fetch(`${tautulli.url}/api/v2?apikey=${apiKey}&${query}`);
    return { status: response.status, body: (await response.json()) as Envelope };
  };

  beforeEach(async () => {
    tautulli = await startTautulli({ library });
  });
  afterEach(async () => {
    await tautulli.stop();
  });

  it('refuses a wrong apikey with 401 and an unknown command with 400', async () => {
    expect(await command('cmd=get_history', 'wrong')).toMatchObject({
      status: 401,
      body: { response: { result: 'error', message: 'Invalid apikey' } },
    });
    expect((await command('cmd=delete_everything')).status).toBe(400);
  });

  it('pages history by start and length, newest first, with recordsFiltered', async () => {
    const first = await command('cmd=get_history&start=0&length=10');
    expect(first.body.response.data['recordsFiltered']).toBe(library.history.length);
    const rows = first.body.response.data.data ?? [];
    expect(rows).toHaveLength(10);
    expect((rows[0]?.['date'] as number) >= (rows[9]?.['date'] as number)).toBe(true);
  });

  it("names users by plex.tv id: the owner's plays are under their plex.tv id, not Plex's local 1", async () => {
    const mine = await command(`cmd=get_history&user_id=${owner.plexId}&length=100000`);
    expect(mine.body.response.data['recordsFiltered']).toBe(
      library.history.filter((play) => play.localAccountId === 1).length,
    );
    expect((mine.body.response.data.data ?? []).every((row) => row['user_id'] === owner.plexId)).toBe(true);
    const users = (await command('cmd=get_users')).body.response.data as unknown as Record<string, unknown>[];
    expect(users).toContainEqual(expect.objectContaining({ user_id: owner.plexId, is_admin: 1 }));
  });
});
