// Property test (docs/decisions/021): every method name a client can send, Object.prototype's
// included (`constructor`, `toString`, `__proto__`, `hasOwnProperty`…), with params of hostile
// shapes (prototype names as keys and values, objects where strings belong, arrays, null), in every
// view (aggregated on the front door and on Express's route, Meta-Mode, direct), statelessly and in
// a session. Every answer is a JSON-RPC result or error, never a 500, never an `undefined` key or a
// stringified function, and afterwards no backend is left out of a listing and the backend works.
import fc from 'fast-check';
import { type GatewayHarness, startGatewayHarness } from '../../testing/gateway-harness.spec-helpers';
import { EVERYTHING_STDIO_COMMAND } from '../../testing/reference-servers';
import { BackendListsCache } from '../views/backend-lists.cache';

const ACCEPT = 'application/json, text/event-stream';

const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);

const METHODS = [
  'initialize',
  'ping',
  'server/discover',
  'tools/list',
  'tools/call',
  'prompts/list',
  'prompts/get',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'resources/subscribe',
  'resources/unsubscribe',
  'completion/complete',
  'logging/setLevel',
  'tasks/list',
  'notifications/cancelled',
  ...PROTOTYPE_NAMES,
];

const VIEWS = ['/mcp', '/MCP', '/sse', '/everything'] as const;

/** Names a request may target: real ones, in every view's spelling, and prototype names. */
const NAMES = [
  'everything__echo',
  'echo',
  'search_tools',
  'execute_tool',
  'simple-prompt',
  ...PROTOTYPE_NAMES,
];

/** JSON text for values a hostile client sends where the spec wants something else. */
const hostileValue: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc
      .constantFrom(...NAMES, 'mcp://everything/constructor', 'ref/prompt', 'ref/resource')
      .map((text) => JSON.stringify(text)),
    fc.constantFrom('null', 'true', '0', '-1', '1e400', '12345678901234567891', '""', '[]', '{}'),
    fc.string({ maxLength: 8 }).map((text) => JSON.stringify(text)),
    fc.array(tie('value'), { maxLength: 3 }).map((items) => `[${items.join(',')}]`),
    objectText(tie('value')),
  ),
})).value;

/** An object as JSON text, so that keys such as `__proto__` are own members, as JSON.parse makes them. */
function objectText(values: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const key = fc.oneof(
    fc.constantFrom(
      ...PROTOTYPE_NAMES,
      'name',
      'uri',
      'ref',
      'type',
      'arguments',
      'cursor',
      'level',
      '_meta',
    ),
    fc.string({ maxLength: 6 }),
  );
  return fc
    .array(fc.tuple(key, values), { maxLength: 4 })
    .map((entries) => `{${entries.map(([name, value]) => `${JSON.stringify(name)}:${value}`).join(',')}}`);
}

/** Params: missing, a non-object, or an object with the members the methods read, each possibly hostile. */
const hostileParams: fc.Arbitrary<string | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom('[]', '[1]', '"text"', '5', 'null'),
  objectText(hostileValue),
  fc
    .record(
      {
        name: hostileValue,
        uri: hostileValue,
        ref: hostileValue,
        arguments: hostileValue,
        cursor: hostileValue,
        level: hostileValue,
        _meta: hostileValue,
      },
      { requiredKeys: [] },
    )
    .map(
      (members) =>
        `{${Object.entries(members)
          .map(([name, value]) => `"${name}":${value}`)
          .join(',')}}`,
    ),
);

describe('hostile method names and params in every view', () => {
  let gateway: GatewayHarness;
  let key: string;

  beforeAll(async () => {
    gateway = await startGatewayHarness(
      `servers:\n  - { id: everything, url: '${EVERYTHING_STDIO_COMMAND}', type: stdio }\n`,
    );
    await gateway.allow('server:everything');
    key = await gateway.appKey(['server:everything']);
  }, 60_000);

  afterAll(async () => {
    await gateway?.close();
  });

  async function post(
    path: string,
    body: string,
    sessionId?: string,
  ): Promise<{ status: number; text: string }> {
    const response = await fetch(`${gateway.base}${path}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${key}`,
        'Content-Type': 'application/json',
        Accept: ACCEPT,
        ...(sessionId === undefined ? {} : { 'Mcp-Session-Id': sessionId }),
      },
      body,
    });
    return { status: response.status, text: await response.text() };
  }

  /** A stateful session in `path`'s view. */
  async function session(path: string): Promise<string> {
    const response = await fetch(`${gateway.base}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', Accept: ACCEPT },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'hostile', version: '1' },
        },
      }),
    });
    await response.arrayBuffer();
    return response.headers.get('mcp-session-id') ?? '';
  }

  it('answers with a JSON-RPC result or error, never a 500 or an undefined key', async () => {
    const sessions = new Map<string, string>();
    for (const view of VIEWS) sessions.set(view, await session(view));
    let id = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...VIEWS),
        fc.boolean(),
        fc.constantFrom(...METHODS),
        hostileParams,
        async (view, inSession, method, params) => {
          id += 1;
          const body = `{"jsonrpc":"2.0","id":${id},"method":${JSON.stringify(method)}${params === undefined ? '' : `,"params":${params}`}}`;
          const { status, text } = await post(view, body, inSession ? sessions.get(view) : undefined);
          expect({ status, body }).toEqual({ status: expect.any(Number), body });
          expect(status).toBeLessThan(500);
          const answer = JSON.parse(text.startsWith('event:') ? lastEventData(text) : text) as Record<
            string,
            unknown
          >;
          expect(answer['jsonrpc']).toBe('2.0');
          const error = answer['error'] as { code?: unknown; message?: unknown } | undefined;
          if (error !== undefined) {
            expect(Number.isInteger(error.code)).toBe(true);
            expect(typeof error.message).toBe('string');
          } else {
            expect(answer).toHaveProperty('result');
          }
          expect(text).not.toMatch(/"undefined"\s*:|\[native code\]|\[object Object\]/);
        },
      ),
      { numRuns: 1000 },
    );
    expect(gateway.service.app.get(BackendListsCache).omissions()).toEqual([]);
    const echoed = await post(
      '/mcp',
      JSON.stringify({
        jsonrpc: '2.0',
        id: 'after',
        method: 'tools/call',
        params: { name: 'everything__echo', arguments: { message: 'still fine' } },
      }),
    );
    expect(JSON.parse(echoed.text)).toMatchObject({ result: { content: [{ text: 'Echo: still fine' }] } });
  }, 300_000);

  it.each([
    ['constructor', {}],
    ['toString', {}],
    ['__proto__', {}],
    ['hasOwnProperty', {}],
  ])('answers the method %s with "Method not found" in the aggregated view', async (method, params) => {
    const { text } = await post('/mcp', JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }));
    expect(JSON.parse(text)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32601, message: `Method not found: ${method}` },
    });
  });

  it.each([
    ['tools/call', { name: { toString: 'boom' } }, 'params.name: expected string, received object'],
    ['prompts/get', { name: ['x'] }, 'params.name: expected string, received array'],
    ['resources/read', { uri: { valueOf: 1 } }, 'params.uri: expected string, received object'],
    ['completion/complete', { ref: null, argument: { name: 'a', value: 'b' } }, 'params.ref'],
    ['tools/list', { cursor: 5 }, 'params.cursor: expected string, received number'],
  ])('refuses %s with %j as -32602 naming the field', async (method, params, field) => {
    for (const view of ['/mcp', '/everything']) {
      const { status, text } = await post(view, JSON.stringify({ jsonrpc: '2.0', id: 2, method, params }));
      expect(status).toBe(200);
      expect(JSON.parse(text)).toMatchObject({
        id: 2,
        error: { code: -32602, message: expect.stringContaining(`Invalid params: ${field}`) },
      });
    }
  });
});

/** The data of the last `message` event of an event-stream answer. */
function lastEventData(text: string): string {
  const lines = text.split('\n').filter((line) => line.startsWith('data: '));
  return lines.at(-1)?.slice('data: '.length) ?? '';
}
