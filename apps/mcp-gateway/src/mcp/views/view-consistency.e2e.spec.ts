// One policy set, three views, one decision per item (issue 15 item 2; docs/decisions/020). The
// same RBAC rows (allow and deny at every target-key kind) and the same callers (scoped AppKeys,
// SSO users with groups and a group mapping) go through Meta-Mode (`/sse`: search_tools and
// execute_tool for tools, the aggregated catalog for the rest), the aggregated view (`/mcp`) and
// the direct views (`/ev`, `/ev2`) of two real server-everything backends, one of them with an
// alias. For every sampled call each view must decide alike, and every list must show the same
// items; the direct view may only add its door (the direct-proxy check, spec 5.1), which then
// refuses everything on that server.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import request from 'supertest';
import { type GatewayHarness, startGatewayHarness } from '../../testing/gateway-harness.spec-helpers';
import { EVERYTHING_STDIO_COMMAND } from '../../testing/reference-servers';

const PROXY_SECRET = 'view-consistency-proxy-secret-0123';

/** Two backends; `ev2` is named `e2` in the aggregated views, but authorized by its id. */
const SERVERS = [
  { id: 'ev', namespace: 'ev', category: 'demo' },
  { id: 'ev2', namespace: 'e2', category: 'misc' },
] as const;
type ServerId = (typeof SERVERS)[number]['id'];

type Decision = 'allowed' | 'denied' | 'door' | `error ${number}`;
type View = 'sse' | 'mcp' | 'direct';

/** Items called in every view, on each server. */
type Sample =
  | { readonly kind: 'tool' | 'prompt'; readonly name: string; readonly arguments: Record<string, unknown> }
  | { readonly kind: 'resource'; readonly uri: string }
  | {
      readonly kind: 'completion';
      readonly ref:
        | { readonly type: 'ref/prompt'; readonly name: string }
        | {
            readonly type: 'ref/resource';
            readonly uri: string;
          };
      readonly argument: { readonly name: string; readonly value: string };
    };

const ARCHITECTURE = 'demo://resource/static/document/architecture.md';
const FEATURES = 'demo://resource/static/document/features.md';
const TEXT_TEMPLATE = 'demo://resource/dynamic/text/{resourceId}';
const BLOB_TEMPLATE = 'demo://resource/dynamic/blob/{resourceId}';

const SAMPLES: readonly Sample[] = [
  { kind: 'tool', name: 'echo', arguments: { message: 'hi' } },
  { kind: 'tool', name: 'get-sum', arguments: { a: 1, b: 2 } },
  { kind: 'prompt', name: 'simple-prompt', arguments: {} },
  { kind: 'prompt', name: 'args-prompt', arguments: { city: 'Lisbon' } },
  { kind: 'resource', uri: ARCHITECTURE },
  { kind: 'resource', uri: FEATURES },
  {
    kind: 'completion',
    ref: { type: 'ref/prompt', name: 'completable-prompt' },
    argument: { name: 'department', value: 'E' },
  },
  {
    kind: 'completion',
    ref: { type: 'ref/resource', uri: TEXT_TEMPLATE },
    argument: { name: 'resourceId', value: '1' },
  },
];

const SAMPLE_TOOLS = SAMPLES.flatMap((sample) => (sample.kind === 'tool' ? [sample.name] : []));

/** Every target-key kind of spec 5.1, on items of both servers. */
const ITEM_TARGETS = [
  'tool:ev__echo',
  'tool:ev2__get-sum',
  'tool:ev2__echo',
  'prompt:ev__simple-prompt',
  'prompt:ev2__args-prompt',
  `resource:mcp://ev/${ARCHITECTURE}`,
  `resource:mcp://ev2/${FEATURES}`,
  `template:mcp://ev/${TEXT_TEMPLATE}`,
  `resource_template:mcp://ev2/${BLOB_TEMPLATE}`,
  'completion:ev__completable-prompt',
  `completion:mcp://ev2/${TEXT_TEMPLATE}`,
  'ev__get-sum',
  `mcp://ev/${FEATURES}`,
  'ev2',
] as const;
const BROAD_TARGETS = ['server:ev', 'server:ev2', 'category:demo', 'group:misc'] as const;
const GROUPS = ['McpClient', 'ops', 'mapped-ops'] as const;

interface PolicyRow {
  readonly targetId: string;
  readonly requiredGroup: string;
  readonly isAllowed: 0 | 1;
}

const row = (targetId: string, requiredGroup: string, isAllowed: 0 | 1): PolicyRow => ({
  targetId,
  requiredGroup,
  isAllowed,
});

/** What one caller observed in every view. */
interface Observation {
  /** `<server> <kind> <name>` → decision per view. */
  readonly calls: Record<string, Record<View, Decision>>;
  /** Visible items as `<server> <list> <name>`, per view; a direct view behind a closed door shows `door`. */
  readonly lists: Record<View, string[]>;
}

describe('one decision per item in every view', () => {
  let gateway: GatewayHarness;
  const callers: Record<string, Record<string, string>> = {};

  async function rpc(
    path: string,
    headers: Record<string, string>,
    method: string,
    params: Record<string, unknown>,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await fetch(new URL(path, gateway.base), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
    };
  }

  function decisionOf(answer: { status: number; body: Record<string, unknown> }): Decision {
    if (answer.status === 403) return 'door';
    const error = answer.body['error'] as { code?: number } | undefined;
    if (error === undefined) return 'allowed';
    return error.code === -32003 ? 'denied' : `error ${error.code ?? answer.status}`;
  }

  async function replacePolicies(rows: readonly PolicyRow[]): Promise<void> {
    const admin = { Authorization: `Bearer ${gateway.adminKey}` };
    const existing = await request(gateway.service.server).get('/api/policies').set(admin).expect(200);
    for (const policy of existing.body as Array<{ id: string }>) {
      await request(gateway.service.server).delete(`/api/policies/${policy.id}`).set(admin).expect(204);
    }
    for (const policy of rows) {
      await request(gateway.service.server).post('/api/policies').set(admin).send(policy).expect(201);
    }
  }

  /** Every page of a list through one view. */
  async function listAll(path: string, headers: Record<string, string>, method: string, list: string) {
    const items: Array<Record<string, unknown>> = [];
    let cursor: string | undefined;
    do {
      const answer = await rpc(path, headers, method, cursor === undefined ? {} : { cursor });
      if (answer.status === 403) return 'door' as const;
      const result = answer.body['result'] as Record<string, unknown>;
      items.push(...((result[list] as Array<Record<string, unknown>> | undefined) ?? []));
      cursor = typeof result['nextCursor'] === 'string' ? result['nextCursor'] : undefined;
    } while (cursor !== undefined);
    return items;
  }

  const LISTS = [
    ['tools/list', 'tools', 'name'],
    ['prompts/list', 'prompts', 'name'],
    ['resources/list', 'resources', 'uri'],
    ['resources/templates/list', 'resourceTemplates', 'uriTemplate'],
  ] as const;

  /** `<server> <list> <own name>` from a namespaced (aggregated) name or URI, undefined for other servers. */
  function fromAggregated(list: string, value: string): string | undefined {
    for (const server of SERVERS) {
      const prefix =
        list === 'tools' || list === 'prompts' ? `${server.namespace}__` : `mcp://${server.namespace}/`;
      if (value.startsWith(prefix)) return `${server.id} ${list} ${value.slice(prefix.length)}`;
    }
    return undefined;
  }

  async function aggregatedLists(
    path: string,
    headers: Record<string, string>,
    lists: ReadonlyArray<(typeof LISTS)[number]>,
  ) {
    const visible: string[] = [];
    for (const [method, list, field] of lists) {
      const items = await listAll(path, headers, method, list);
      if (items === 'door') throw new Error(`${path} refused ${method}`);
      for (const item of items) {
        const canonical = fromAggregated(list, String(item[field]));
        if (canonical !== undefined) visible.push(canonical);
      }
    }
    return visible;
  }

  /** Meta-Mode's visible sample tools, found with search_tools (it searches only what the caller may run). */
  async function searchableSampleTools(headers: Record<string, string>): Promise<string[]> {
    const visible: string[] = [];
    for (const server of SERVERS) {
      for (const tool of SAMPLE_TOOLS) {
        const answer = await rpc('/sse', headers, 'tools/call', {
          name: 'search_tools',
          arguments: { query: tool, server: server.id, limit: 25 },
        });
        const result = answer.body['result'] as { structuredContent?: { results?: Array<{ name: string }> } };
        const names = (result.structuredContent?.results ?? []).map((hit) => hit.name);
        if (names.includes(`${server.id}__${tool}`)) visible.push(`${server.id} tools ${tool}`);
      }
    }
    return visible;
  }

  function callIn(view: View, server: (typeof SERVERS)[number], sample: Sample) {
    const direct = view === 'direct';
    const name = (own: string) => (direct ? own : `${server.namespace}__${own}`);
    const uri = (own: string) => (direct ? own : `mcp://${server.namespace}/${own}`);
    switch (sample.kind) {
      case 'tool':
        return view === 'sse'
          ? {
              method: 'tools/call',
              params: {
                name: 'execute_tool',
                arguments: { name: `${server.id}__${sample.name}`, arguments: sample.arguments },
              },
            }
          : { method: 'tools/call', params: { name: name(sample.name), arguments: sample.arguments } };
      case 'prompt':
        return { method: 'prompts/get', params: { name: name(sample.name), arguments: sample.arguments } };
      case 'resource':
        return { method: 'resources/read', params: { uri: uri(sample.uri) } };
      case 'completion':
        return {
          method: 'completion/complete',
          params: {
            ref:
              sample.ref.type === 'ref/prompt'
                ? { type: 'ref/prompt', name: name(sample.ref.name) }
                : { type: 'ref/resource', uri: uri(sample.ref.uri) },
            argument: sample.argument,
          },
        };
    }
  }

  function sampleKey(server: ServerId, sample: Sample): string {
    const name =
      sample.kind === 'resource'
        ? sample.uri
        : sample.kind === 'completion'
          ? sample.ref.type === 'ref/prompt'
            ? sample.ref.name
            : sample.ref.uri
          : sample.name;
    return `${server} ${sample.kind} ${name}`;
  }

  async function observe(headers: Record<string, string>): Promise<Observation> {
    const calls: Observation['calls'] = {};
    // Calls of one caller go out together, as an agent's would; each is decided on its own.
    await Promise.all(
      SERVERS.flatMap((server) =>
        SAMPLES.map(async (sample) => {
          const decisions = {} as Record<View, Decision>;
          await Promise.all(
            (['sse', 'mcp', 'direct'] as const).map(async (view) => {
              const { method, params } = callIn(view, server, sample);
              const path = view === 'sse' ? '/sse' : view === 'mcp' ? '/mcp' : `/${server.id}`;
              decisions[view] = decisionOf(await rpc(path, headers, method, params));
            }),
          );
          calls[sampleKey(server.id, sample)] = decisions;
        }),
      ),
    );
    const direct: string[] = [];
    for (const server of SERVERS) {
      for (const [method, list, field] of LISTS) {
        const items = await listAll(`/${server.id}`, headers, method, list);
        if (items === 'door') {
          direct.push(`${server.id} door`);
          break;
        }
        direct.push(...items.map((item) => `${server.id} ${list} ${String(item[field])}`));
      }
    }
    const mcp = await aggregatedLists('/mcp', headers, LISTS);
    const sse = [
      ...(await searchableSampleTools(headers)),
      ...(await aggregatedLists('/sse', headers, LISTS.slice(1))),
    ];
    return { calls, lists: { sse: sse.sort(), mcp: mcp.sort(), direct: direct.sort() } };
  }

  /** Asserts that the views agree, and returns the observation for further expectations. */
  async function expectOneDecisionPerItem(caller: string): Promise<Observation> {
    const observed = await observe(callers[caller] ?? {});
    const doorClosed = new Set(
      SERVERS.filter((s) => observed.lists.direct.includes(`${s.id} door`)).map((s) => s.id),
    );
    const onServer = (entry: string) => entry.split(' ')[0] as ServerId;
    const expectedCalls: Observation['calls'] = {};
    for (const [key, decisions] of Object.entries(observed.calls)) {
      const aggregated = decisions.mcp;
      expectedCalls[key] = {
        sse: aggregated,
        mcp: aggregated,
        direct: doorClosed.has(onServer(key)) ? 'door' : aggregated,
      };
    }
    expect({ caller, calls: observed.calls }).toEqual({ caller, calls: expectedCalls });
    // Meta-Mode searches tools rather than listing them: compare the sampled tools.
    const sampledTools = observed.lists.mcp.filter((entry) =>
      SAMPLE_TOOLS.some((tool) => entry.endsWith(` tools ${tool}`)),
    );
    const mcpWithoutTools = observed.lists.mcp.filter((entry) => !entry.includes(' tools '));
    expect({ caller, sse: observed.lists.sse }).toEqual({
      caller,
      sse: [...sampledTools, ...mcpWithoutTools].sort(),
    });
    expect({ caller, direct: observed.lists.direct }).toEqual({
      caller,
      direct: [
        ...observed.lists.mcp.filter((entry) => !doorClosed.has(onServer(entry))),
        ...[...doorClosed].map((id) => `${id} door`),
      ].sort(),
    });
    // A listed item is one the caller may call, and the other way round.
    for (const [key, decisions] of Object.entries(observed.calls)) {
      const [server, kind, name] = key.split(' ');
      if (kind === 'completion') continue;
      const list = `${server} ${kind}s ${name}`;
      expect({ key, listed: observed.lists.mcp.includes(list) }).toEqual({
        key,
        listed: decisions.mcp === 'allowed',
      });
    }
    return observed;
  }

  beforeAll(async () => {
    gateway = await startGatewayHarness(
      `servers:
  - { id: ev, url: '${EVERYTHING_STDIO_COMMAND}', type: stdio, category: demo }
  - { id: ev2, alias: e2, url: '${EVERYTHING_STDIO_COMMAND}', type: stdio, category: misc }
`,
      { GATEWAY_SSO_PROXY_SECRET: PROXY_SECRET, LOG_LEVEL: 'error' },
    );
    await request(gateway.service.server)
      .post('/api/group-mappings')
      .set('Authorization', `Bearer ${gateway.adminKey}`)
      .send({ externalId: 'ext-team', internalGroup: 'mapped-ops' })
      .expect(201);
    const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
    callers['key *'] = bearer(await gateway.appKey(['*']));
    callers['key mixed'] = bearer(
      await gateway.appKey([
        'server:ev',
        'tool:ev2__echo',
        'prompt:ev2__simple-prompt',
        `resource:mcp://ev2/${ARCHITECTURE}`,
        'completion:ev2__completable-prompt',
      ]),
    );
    callers['key category:misc'] = bearer(await gateway.appKey(['category:misc']));
    const sso = (user: string, groups: string) => ({
      'X-Proxy-Auth': PROXY_SECRET,
      'Remote-User': user,
      'Remote-Groups': groups,
    });
    callers['sso alice (ops)'] = sso('alice', 'ops');
    callers['sso bob (ext-team → mapped-ops)'] = sso('bob', 'ext-team');
  }, 60_000);

  afterAll(() => gateway.close());

  const table: ReadonlyArray<{
    readonly name: string;
    readonly rows: readonly PolicyRow[];
    readonly then: (observed: (caller: string) => Promise<Observation>) => Promise<void>;
  }> = [
    {
      name: 'a tool: deny under a server allow stops that tool in every view, the direct one included',
      rows: [row('server:ev', 'McpClient', 1), row('tool:ev__echo', 'McpClient', 0)],
      then: async (observed) => {
        const { calls } = await observed('key *');
        expect(calls['ev tool echo']).toEqual({ sse: 'denied', mcp: 'denied', direct: 'denied' });
        expect(calls['ev tool get-sum']).toEqual({ sse: 'allowed', mcp: 'allowed', direct: 'allowed' });
      },
    },
    {
      name: 'an item named through an alias is decided by its server id',
      rows: [row('server:ev2', 'McpClient', 1), row('tool:ev2__get-sum', 'McpClient', 0)],
      then: async (observed) => {
        const all = await observed('key *');
        expect(all.calls['ev2 tool get-sum']).toEqual({ sse: 'denied', mcp: 'denied', direct: 'denied' });
        expect(all.calls['ev2 tool echo']).toEqual({ sse: 'allowed', mcp: 'allowed', direct: 'allowed' });
        // The key's `tool:ev2__echo` scope reaches the tool listed as `e2__echo` too.
        const mixed = await observed('key mixed');
        expect(mixed.calls['ev2 tool echo']).toEqual({ sse: 'allowed', mcp: 'allowed', direct: 'door' });
      },
    },
    {
      name: 'prompt:, resource: and completion: rows, and scopes that name single items',
      rows: [
        row('category:demo', 'McpClient', 1),
        row('server:ev2', 'McpClient', 1),
        row('prompt:ev__simple-prompt', 'McpClient', 0),
        row(`resource:mcp://ev/${ARCHITECTURE}`, 'McpClient', 0),
        row('completion:ev__completable-prompt', 'McpClient', 0),
      ],
      then: async (observed) => {
        const { calls } = await observed('key *');
        expect(calls['ev prompt simple-prompt']?.direct).toBe('denied');
        expect(calls['ev prompt args-prompt']?.direct).toBe('allowed');
        expect(calls[`ev resource ${ARCHITECTURE}`]?.direct).toBe('denied');
        expect(calls[`ev resource ${FEATURES}`]?.direct).toBe('allowed');
        expect(calls['ev completion completable-prompt']?.direct).toBe('denied');
        expect(calls[`ev completion ${TEXT_TEMPLATE}`]?.direct).toBe('allowed');
        const mixed = await observed('key mixed');
        expect(mixed.calls['ev2 prompt simple-prompt']?.mcp).toBe('allowed');
        expect(mixed.calls['ev2 prompt args-prompt']?.mcp).toBe('denied');
        expect(mixed.calls['ev2 completion completable-prompt']?.mcp).toBe('allowed');
      },
    },
    {
      name: 'template: rows hide a template from lists; bare ids name one item or the direct door',
      rows: [
        row('group:demo', 'mapped-ops', 1),
        row(`template:mcp://ev/${TEXT_TEMPLATE}`, 'mapped-ops', 0),
        row('ev2', 'mapped-ops', 1),
        row('ev2__get-sum', 'mapped-ops', 1),
        row(`mcp://ev2/${FEATURES}`, 'mapped-ops', 1),
      ],
      then: async (observed) => {
        const { calls, lists } = await observed('sso bob (ext-team → mapped-ops)');
        expect(lists.direct).not.toContain(`ev resourceTemplates ${TEXT_TEMPLATE}`);
        expect(lists.direct).toContain(`ev resourceTemplates ${BLOB_TEMPLATE}`);
        expect(lists.direct.filter((entry) => entry.startsWith('ev2 '))).toEqual([
          `ev2 resources ${FEATURES}`,
          'ev2 tools get-sum',
        ]);
        expect(calls['ev2 tool get-sum']).toEqual({ sse: 'allowed', mcp: 'allowed', direct: 'allowed' });
        expect(calls['ev2 tool echo']).toEqual({ sse: 'denied', mcp: 'denied', direct: 'denied' });
        const alice = await observed('sso alice (ops)');
        expect(alice.lists.direct).toEqual(['ev door', 'ev2 door']);
      },
    },
  ];

  it.each(table)(
    '$name',
    async ({ rows, then }) => {
      await replacePolicies(rows);
      const observed = new Map<string, Observation>();
      for (const caller of Object.keys(callers)) observed.set(caller, await expectOneDecisionPerItem(caller));
      await then(async (caller) => {
        const observation = observed.get(caller);
        if (observation === undefined) throw new Error(`no caller ${caller}`);
        return observation;
      });
    },
    120_000,
  );

  it('random policy sets decide alike in every view', async () => {
    const seen: Record<View, Set<Decision>> = { sse: new Set(), mcp: new Set(), direct: new Set() };
    const policyRow = fc.record({
      targetId: fc.constantFrom<string>(...ITEM_TARGETS, ...BROAD_TARGETS),
      requiredGroup: fc.constantFrom<string>(...GROUPS),
      isAllowed: fc.constantFrom<0 | 1>(0, 1),
    });
    const policySet = fc.tuple(
      fc.subarray(BROAD_TARGETS.flatMap((target) => GROUPS.map((group) => row(target, group, 1)))),
      fc.array(policyRow, { maxLength: 8 }),
    );
    await fc.assert(
      fc.asyncProperty(policySet, async ([broad, items]) => {
        const unique = new Map<string, PolicyRow>();
        for (const policy of [...broad, ...items])
          unique.set(`${policy.targetId}\u0000${policy.requiredGroup}`, policy);
        await replacePolicies([...unique.values()]);
        for (const caller of Object.keys(callers)) {
          const { calls } = await expectOneDecisionPerItem(caller);
          for (const decisions of Object.values(calls)) {
            for (const view of ['sse', 'mcp', 'direct'] as const) seen[view].add(decisions[view]);
          }
        }
      }),
      { numRuns: 8, endOnFailure: true },
    );
    // The runs covered both outcomes in every view (a property that only ever saw denials proves nothing).
    for (const view of ['sse', 'mcp', 'direct'] as const) {
      expect([...seen[view]]).toEqual(expect.arrayContaining(['allowed', 'denied']));
    }
  }, 600_000);
});
