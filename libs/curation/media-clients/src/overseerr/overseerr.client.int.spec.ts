// OverseerrClient against the Overseerr simulator: every request with its requester across pages,
// Overseerr's 403 for a wrong key read as unauthorized, one request by id and a media reset.
import { generateMediaLibrary, startOverseerr } from '@platform/testing-media-stack';
import type { MediaLibrary, OverseerrSimulator } from '@platform/testing-media-stack';
import { startAnswerRewritingProxy, withoutField } from '../testing/answer-rewriting-proxy';
import { mediaClientFailure } from '../testing/media-client-failure';
import { OverseerrClient } from './overseerr.client';

let library: MediaLibrary;
let overseerr: OverseerrSimulator;

beforeAll(async () => {
  library = generateMediaLibrary({ seed: 'media-clients-overseerr', items: 300 });
  overseerr = await startOverseerr({ library });
});

afterAll(async () => {
  await overseerr.stop();
});

const client = (apiKey = overseerr.apiKey, baseUrl = overseerr.url) =>
  new OverseerrClient({ baseUrl, apiKey, pageSize: 7, retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 1 } });

describe('OverseerrClient', () => {
  it('passes the connection test with the key and refuses a wrong one', async () => {
    expect((await client().getCurrentUser()).id).toBeGreaterThan(0);
    const error = await mediaClientFailure(client('wrong-overseerr-key').getCurrentUser());
    expect(error.code).toBe('unauthorized');
    expect(error.status).toBe(403);
    expect(error.message).not.toContain('wrong-overseerr-key');
  });

  it('reads every request with its requester across pages', async () => {
    expect(library.requests.length).toBeGreaterThan(7);
    const overseerrClient = client();
    const requests = await overseerrClient.getRequests();
    expect(requests.map((request) => request.id).sort((a, b) => a - b)).toEqual(
      library.requests.map((request) => request.requestId).sort((a, b) => a - b),
    );
    for (const expected of library.requests) {
      const read = requests.find((request) => request.id === expected.requestId);
      expect(read?.requestedBy?.plexId).toBe(expected.requesterPlexId);
      expect(read?.is4k).toBe(expected.is4k);
      expect(read?.status).toBe(expected.status);
    }
    expect(overseerrClient.requestCount).toBe(Math.ceil(library.requests.length / 7));
  });

  it('fails on a request without its requester field', async () => {
    const proxy = await startAnswerRewritingProxy(overseerr.url, (path, body) =>
      path === '/api/v1/request' ? withoutField(body, ['results', 0], 'requestedBy') : body,
    );
    try {
      const error = await mediaClientFailure(client(overseerr.apiKey, proxy.url).getRequests());
      expect(error.code).toBe('bad-answer');
      expect(error.message).toContain('field results[0].requestedBy');
    } finally {
      await proxy.stop();
    }
  });

  it('reads one request by id and resets its media entry once', async () => {
    const first = library.requests[0];
    if (first === undefined) throw new Error('the library has no request');
    const read = await client().getRequest(first.requestId);
    expect(read?.id).toBe(first.requestId);
    expect(await client().getRequest(987_654_321)).toBeNull();
    const mediaId = read?.media?.id ?? 0;
    expect(await client().deleteMedia(mediaId)).toBe('deleted');
    expect(overseerr.state.media.has(mediaId)).toBe(false);
    expect(await client().deleteMedia(mediaId)).toBe('not-found');
  });
});
