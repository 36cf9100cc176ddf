// Benchmark of the curation sync as deployed (issue 17 goals at 100,000 items: a full sync within
// 120 s, a resync with nothing changed within 30 s, HTTP requests growing with pages, not items).
// Each sync's line from the service's log follows the table: what it took from its source cache
// (docs/decisions/052) and the time of each phase.
// The built service runs in its own process on PostgreSQL and reads the demo's simulated media
// stack, itself another process. Baseline from the same run: this process reading the largest
// lists the sync reads (every Plex page, the Radarr movies and Sonarr series of each instance) as
// raw JSON, with no schema, matching or writing, so the ratio shows what the sync adds to the
// transfer. Besides wall time, the service's own CPU time per sync (from /proc), which the
// simulators' work does not inflate.
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- curation-sync
//   CURATION_SYNC_BENCH_ITEMS=10000 for a smaller library (default 100,000)
import { Client } from 'pg';
import { cpuMilliseconds } from '@platform/testing-mcp-faults';
import {
  buildServiceAndStack,
  type CurationProcess,
  type DemoStack,
  startCurationProcess,
  startDemoStack,
} from './support/sync-bench-processes';

const ITEMS = Number(process.env['CURATION_SYNC_BENCH_ITEMS'] ?? 100_000);
const PLEX_PAGE = 500;

interface Row {
  readonly scenario: string;
  readonly seconds: number;
  readonly serviceCpuSeconds: number | null;
  readonly httpRequests: number;
  readonly items: number;
  readonly goal: string;
  /** The service's own account of the sync: what it reused from its source cache, and each phase's time. */
  readonly summary?: string;
}

describe(`curation sync benchmark (${ITEMS} items)`, () => {
  let stack: DemoStack | undefined;
  let service: CurationProcess | undefined;

  afterAll(async () => {
    await service?.stop();
    await stack?.stop();
  });

  it('times a full sync and a resync against reading the same lists raw', async () => {
    buildServiceAndStack();
    const generation = performance.now();
    stack = await startDemoStack(ITEMS);
    const generationSeconds = (performance.now() - generation) / 1000;
    service = await startCurationProcess(stack.plexTvUrl);
    await setUp(service, stack);

    const rows: Row[] = [];
    const rawStart = performance.now();
    const raw = await readListsRaw(stack);
    rows.push({
      scenario: 'baseline: the largest lists read raw',
      seconds: (performance.now() - rawStart) / 1000,
      serviceCpuSeconds: null,
      httpRequests: raw.requests,
      items: 0,
      goal: '',
    });
    for (const [scenario, goal] of [
      ['full sync (empty catalog)', '<= 120 s'],
      ['resync (nothing changed)', '<= 30 s'],
      ['second resync (nothing changed)', '<= 30 s'],
    ] as const) {
      const running = service;
      const timed = await timeSync(running).catch((error: unknown) => {
        process.stderr.write(
          `the service's log ends:\n${running.output().split('\n').slice(-40).join('\n')}\n`,
        );
        throw error;
      });
      rows.push({ scenario, goal, ...timed });
    }

    const baseline = rows[0]?.seconds ?? Number.NaN;
    const table = [
      `library: ${stack.items} items (generated and served in ${generationSeconds.toFixed(1)} s); ` +
        `load average at the end ${(await loadAverage()).toFixed(2)}`,
      '| scenario | seconds | ratio to raw read | service CPU s | HTTP requests | catalog items | goal |',
      '|---|---|---|---|---|---|---|',
      ...rows.map(
        (row) =>
          `| ${row.scenario} | ${row.seconds.toFixed(1)} | ${(row.seconds / baseline).toFixed(2)}x | ` +
          `${row.serviceCpuSeconds === null ? '' : row.serviceCpuSeconds.toFixed(1)} | ${row.httpRequests} | ` +
          `${row.items} | ${row.goal} |`,
      ),
      '',
      ...rows.flatMap((row) => (row.summary === undefined ? [] : [`${row.scenario}: ${row.summary}`])),
    ].join('\n');
    process.stdout.write(`\n${table}\n`);
  });
});

async function setUp(service: CurationProcess, stack: DemoStack): Promise<void> {
  const bound = await api(service, 'POST', '/mediaserver/bind', {
    machineIdentifier: stack.plex.machineIdentifier,
    name: stack.plex.name,
    baseUrl: stack.plex.url,
    apiKey: stack.plex.token,
  });
  if (bound.status !== 200)
    throw new Error(`binding answered ${bound.status}: ${JSON.stringify(bound.body)}`);
  for (const connection of stack.connections) {
    if (connection['type'] === 'tautulli') continue;
    expect((await api(service, 'POST', '/connections', connection)).status).toBe(201);
  }
}

async function timeSync(service: CurationProcess): Promise<Omit<Row, 'scenario' | 'goal'>> {
  const cpuBefore = cpuMilliseconds(service.pid);
  const started = performance.now();
  const response = await api(service, 'POST', '/sync');
  expect(response.status).toBe(202);
  const jobId = (response.body as { jobId: string }).jobId;
  for (let failures = 0; ;) {
    // The service answers while it syncs, but a keep-alive connection it closes just as the next
    // poll is sent resets; a poll is retried, a service that stays unreachable fails the run.
    const status = await api(service, 'GET', '/sync/status').catch((error: unknown) => {
      failures += 1;
      if (failures > 5) throw error;
      return undefined;
    });
    if (status === undefined) continue;
    failures = 0;
    const state = (status.body as { state?: string }).state;
    if (state === 'failed') throw new Error(`the sync failed: ${JSON.stringify(status.body)}`);
    if (state === 'succeeded' && (status.body as { jobId?: string }).jobId === jobId) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  const serviceCpuSeconds = (cpuMilliseconds(service.pid) - cpuBefore) / 1000;
  const client = new Client({ connectionString: service.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ http_requests: number; total: number }>(
      'SELECT "http_requests", "total" FROM "curation"."sync_jobs" WHERE "id" = $1',
      [jobId],
    );
    return {
      seconds,
      serviceCpuSeconds,
      httpRequests: rows[0]?.http_requests ?? 0,
      items: rows[0]?.total ?? 0,
      summary: await summaryOf(service, jobId),
    };
  } finally {
    await client.end();
  }
}

/** Every Plex list page and each instance's full movie or series list, parsed as JSON only. */
async function readListsRaw(stack: DemoStack): Promise<{ requests: number }> {
  let requests = 0;
  const plex = async (path: string, start?: number): Promise<{ MediaContainer: Record<string, unknown> }> => {
    requests += 1;
    const response = await fetch(`${stack.plex.url}${path}`, {
      headers: {
        Accept: 'application/json',
        'X-Plex-Token': stack.plex.token,
        ...(start === undefined
          ? {}
          : { 'X-Plex-Container-Start': String(start), 'X-Plex-Container-Size': String(PLEX_PAGE) }),
      },
    });
    return JSON.parse(await response.text()) as { MediaContainer: Record<string, unknown> };
  };
  const pages = async (path: string): Promise<void> => {
    for (let start = 0; ;) {
      const container = (await plex(path, start)).MediaContainer;
      const received = Array.isArray(container['Metadata']) ? container['Metadata'].length : 0;
      start += received;
      if (received === 0 || start >= Number(container['totalSize'] ?? 0)) return;
    }
  };
  const sections = ((await plex('/library/sections')).MediaContainer['Directory'] ?? []) as {
    key: string;
    type: string;
  }[];
  for (const section of sections) {
    await pages(`/library/sections/${section.key}/all`);
    if (section.type === 'show') await pages(`/library/sections/${section.key}/allLeaves`);
  }
  await pages('/status/sessions/history/all');
  for (const connection of stack.connections) {
    const list = { radarr: '/api/v3/movie', sonarr: '/api/v3/series' }[String(connection['type'])];
    if (list === undefined) continue;
    requests += 1;
    const response = await fetch(`${String(connection['baseUrl'])}${list}`, {
      headers: { 'X-Api-Key': String(connection['apiKey']) },
    });
    JSON.parse(await response.text());
  }
  return { requests };
}

async function api(
  service: CurationProcess,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${service.origin}/api/v1${path}`, {
    method,
    headers: {
      'X-Api-Key': service.adminKey,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

/**
 * The service's success line for the job (the log is JSON lines; their `msg`), after "succeeded: ".
 * The service writes it after the post-switch VACUUM, so it may come a little after the status.
 */
async function summaryOf(service: CurationProcess, jobId: string): Promise<string | undefined> {
  let line: string | undefined;
  for (let waited = 0; line === undefined && waited < 120_000; waited += 200) {
    line = service
      .output()
      .split('\n')
      .find((candidate) => candidate.includes(`sync ${jobId} succeeded`));
    if (line === undefined) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (line === undefined) return undefined;
  let message = line;
  try {
    const parsed = JSON.parse(line) as { msg?: unknown; message?: unknown };
    message = String(parsed.msg ?? parsed.message ?? line);
  } catch {
    // Not a JSON line: the text as written.
  }
  return message.replace(/^.*succeeded: /, '');
}

async function loadAverage(): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  return Number((await readFile('/proc/loadavg', 'utf8')).split(' ')[0]);
}
