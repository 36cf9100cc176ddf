// The HTTP core every simulator runs on: fault rules (status, delay, drop, times, method, pattern)
// applied before the handler, and the request log tests read.
import { startSimulatorServer } from './simulator-server';
import type { SimulatorServer } from './simulator-server';

describe('simulator server', () => {
  let server: SimulatorServer;
  let handled = 0;

  beforeEach(async () => {
    handled = 0;
    server = await startSimulatorServer({
      routes: [
        {
          method: 'GET',
          pattern: '/items/:id',
          handler: (request) => ((handled += 1), { status: 200, json: { id: request.params['id'] } }),
        },
        {
          method: 'DELETE',
          pattern: '/items/:id',
          handler: () => ((handled += 1), { status: 200, text: '' }),
        },
      ],
      authorize: (request) => (request.headers['x-key'] === 'k' ? undefined : { status: 401, text: '' }),
      notFound: () => ({ status: 404, json: { message: 'NotFound' } }),
      errorResponse: (status) => ({ status, json: { message: `injected ${status}` } }),
    });
  });
  afterEach(async () => {
    await server.stop();
  });

  const get = (path: string, method = 'GET') =>
    fetch(`${server.url}${path}`, { method, headers: { 'x-key': 'k' } });

  it('routes by pattern and method, decodes parameters, and logs method, path and query', async () => {
    expect(await (await get('/items/a%20b?x=1')).json()).toEqual({ id: 'a b' });
    expect((await get('/items/1', 'PUT')).status).toBe(405);
    expect((await get('/nothing')).status).toBe(404);
    expect((await fetch(`${server.url}/items/1`)).status).toBe(401);
    expect(
      server.requests.map(({ method, path, query, status }) => ({ method, path, query, status })),
    ).toEqual([
      { method: 'GET', path: '/items/a%20b', query: { x: '1' }, status: 200 },
      { method: 'PUT', path: '/items/1', query: {}, status: 405 },
      { method: 'GET', path: '/nothing', query: {}, status: 404 },
      { method: 'GET', path: '/items/1', query: {}, status: 401 },
    ]);
  });

  it('answers an injected status the given number of times, before the handler and before auth', async () => {
    server.faults.add({ path: '/items/1', status: 503, times: 2 });
    expect((await get('/items/1')).status).toBe(503);
    expect((await fetch(`${server.url}/items/1`)).status).toBe(503);
    expect((await get('/items/1')).status).toBe(200);
    expect(handled).toBe(1);
    expect(server.faults.active()).toEqual([]);
  });

  it('matches rules by method and by pattern', async () => {
    server.faults.add({ method: 'delete', path: /^\/items\/\d+$/, status: 500 });
    expect((await get('/items/7')).status).toBe(200);
    expect((await get('/items/7', 'DELETE')).status).toBe(500);
    expect((await get('/items/x', 'DELETE')).status).toBe(200);
    expect(server.faults.active()).toHaveLength(1);
    server.faults.clear();
    expect((await get('/items/7', 'DELETE')).status).toBe(200);
  });

  it('delays a request, then serves it', async () => {
    server.faults.add({ path: '/items/1', delayMs: 150, times: 1 });
    const started = Date.now();
    expect((await get('/items/1')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('drops the connection without an answer', async () => {
    server.faults.add({ path: '/items/1', drop: true, times: 1 });
    await expect(get('/items/1')).rejects.toThrow();
    expect(server.requests[0]?.status).toBeUndefined();
    expect((await get('/items/1')).status).toBe(200);
  });

  it('refuses a rule with a non-positive times', () => {
    expect(() => server.faults.add({ path: '/x', status: 500, times: 0 })).toThrow(RangeError);
  });

  it('answers 400 to a body that is not JSON', async () => {
    const response = await fetch(`${server.url}/items/1`, {
      method: 'DELETE',
      headers: { 'x-key': 'k' },
      body: '{nope',
    });
    expect(response.status).toBe(400);
  });
});
