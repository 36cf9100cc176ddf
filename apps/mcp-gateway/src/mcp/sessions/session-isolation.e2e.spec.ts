// Two callers with different AppKeys whose sessions use the same request ids at the same time
// (every SDK client numbers its requests from 0) through the same shared backend connection:
// each receives exactly its own answers and its own progress, over legacy SSE and Streamable HTTP.
import type { Client } from '@modelcontextprotocol/client';
import { type GatewayHarness, startGatewayHarness } from '../../testing/gateway-harness.spec-helpers';
import { EVERYTHING_STDIO_COMMAND } from '../../testing/reference-servers';

const CALLS_PER_CLIENT = 20;

describe('sessions of different principals with colliding request ids', () => {
  let gateway: GatewayHarness;

  async function connect(kind: 'sse' | 'streamable', name: string): Promise<Client> {
    const key = await gateway.appKey(['server:everything'], name);
    return gateway.connect(kind === 'sse' ? '/sse?meta=false' : '/mcp', key, kind);
  }

  /** Echo calls and one call with progress, all at once; returns what came back. */
  async function burst(client: Client, tag: string) {
    const progress: number[] = [];
    const long = client.callTool(
      { name: 'everything__trigger-long-running-operation', arguments: { duration: 1, steps: 4 } },
      { onprogress: (update) => progress.push(update.progress) },
    );
    const echoes = await Promise.all(
      Array.from({ length: CALLS_PER_CLIENT }, (_, index) =>
        client.callTool({ name: 'everything__echo', arguments: { message: `${tag}-${index}` } }),
      ),
    );
    await long;
    return { echoes: echoes.map((result) => JSON.stringify(result.content)), progress };
  }

  beforeAll(async () => {
    gateway = await startGatewayHarness(
      `servers:\n  - { id: everything, url: '${EVERYTHING_STDIO_COMMAND}', type: stdio }\n`,
    );
    await gateway.allow('server:everything');
  }, 60_000);

  afterAll(() => gateway.close());

  it.each<['sse' | 'streamable']>([['sse'], ['streamable']])(
    'over %s each caller gets only its own answers and progress',
    async (kind) => {
      const [alice, bob] = await Promise.all([connect(kind, `alice-${kind}`), connect(kind, `bob-${kind}`)]);
      const [fromAlice, fromBob] = await Promise.all([burst(alice, 'alice'), burst(bob, 'bob')]);
      for (const [result, tag, other] of [
        [fromAlice, 'alice', 'bob'],
        [fromBob, 'bob', 'alice'],
      ] as const) {
        expect(result.echoes).toEqual(
          Array.from({ length: CALLS_PER_CLIENT }, (_, index) =>
            JSON.stringify([{ type: 'text', text: `Echo: ${tag}-${index}` }]),
          ),
        );
        expect(result.echoes.join()).not.toContain(other);
        // Its own four steps in order; the SDK client may drop the last one when it shares a read
        // with the answer (a known client quirk), never anyone else's.
        expect([
          [1, 2, 3],
          [1, 2, 3, 4],
        ]).toContainEqual(result.progress);
      }
    },
    30_000,
  );
});
