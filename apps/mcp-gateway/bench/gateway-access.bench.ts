// Benchmark: what authentication plus authorization adds to one MCP request, with warm caches
// (goal: at most 0.2 ms at p50) and how many database round trips key verification costs
// (goal: at most one per request). Baseline: the same loop doing only the request bookkeeping.
//   npm run bench -- gateway-access        (TEST_DATABASE_URL selects real PostgreSQL)
import type { Request } from 'express';
import request from 'supertest';
import { Client } from 'pg';
import { startTestService, type TestService } from '@platform/testing-service';
import { AccessControlService } from '../src/access/access-control.service';
import { AuthenticationService } from '../src/access/authentication/authentication.service';
import { gatewayForTests } from '../src/gateway.test-definition';
import { percentiles } from './support/percentiles';

const ITERATIONS = 20_000;
const WARMUP = 2_000;

interface Sample {
  p50: number;
  p95: number;
  p99: number;
}

function inMilliseconds(nanoseconds: bigint[]): Sample {
  return percentiles(nanoseconds.map((value) => Number(value) / 1e6));
}

async function measure(operation: () => Promise<unknown>): Promise<Sample> {
  for (let index = 0; index < WARMUP; index += 1) await operation();
  const samples: bigint[] = new Array(ITERATIONS);
  for (let index = 0; index < ITERATIONS; index += 1) {
    const start = process.hrtime.bigint();
    await operation();
    samples[index] = process.hrtime.bigint() - start;
  }
  return inMilliseconds(samples);
}

/** Counts queries sent by every pg client in this process. */
function countQueries(): { count(): number; stop(): void } {
  const prototype = Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  let queries = 0;
  prototype.query = function counted(this: unknown, ...args: unknown[]) {
    queries += 1;
    return original.apply(this, args);
  };
  return { count: () => queries, stop: () => (prototype.query = original) };
}

async function scenario(name: string, environment: Record<string, string>) {
  const { definition, secrets } = gatewayForTests();
  const service: TestService = await startTestService(definition, environment);
  try {
    const admin = { Authorization: `Bearer ${secrets.adminKey()}` };
    await request(service.server)
      .post('/api/policies')
      .set(admin)
      .send({ targetId: 'server:files', requiredGroup: 'McpClient', isAllowed: 1 })
      .expect(201);
    const created = await request(service.server)
      .post('/api/appkeys')
      .set(admin)
      .send({ name: 'bench', scopes: ['server:files'] })
      .expect(201);
    const key = created.body.plaintextKey as string;
    const authentication = service.app.get(AuthenticationService);
    const access = service.app.get(AccessControlService);
    const newRequest = () =>
      ({
        headers: { authorization: `Bearer ${key}` },
        query: {},
        method: 'POST',
        path: '/sse',
        socket: {},
      }) as unknown as Request;
    const target = { method: 'tools/call', target: 'files__read_file' };

    const baseline = await measure(async () => newRequest());
    const counter = countQueries();
    const secured = await measure(async () => {
      const principal = await authentication.authenticate(newRequest());
      const decision = await access.authorize(principal, target);
      if (!decision.allowed) throw new Error(`denied: ${decision.message}`);
    });
    const queriesPerRequest = counter.count() / (ITERATIONS + WARMUP);
    counter.stop();
    return { name, baseline, secured, queriesPerRequest };
  } finally {
    await service.close();
  }
}

const format = (value: number) => value.toFixed(4).padStart(8);

it('gateway access: authentication + authorization overhead per request', async () => {
  const engine = process.env['TEST_DATABASE_URL'] ? 'PostgreSQL' : 'embedded PGlite';
  const results = [
    await scenario('warm caches (GATEWAY_KEY_CACHE_SECONDS=5)', { GATEWAY_KEY_CACHE_SECONDS: '5' }),
    await scenario('key cache off (GATEWAY_KEY_CACHE_SECONDS=0)', { GATEWAY_KEY_CACHE_SECONDS: '0' }),
  ];
  const lines = [
    '',
    `gateway access benchmark: ${ITERATIONS} requests after ${WARMUP} warm-up, database ${engine}, Node ${process.version}`,
    '| scenario | baseline p50 ms | secured p50 ms | added p50 ms | secured p95 ms | secured p99 ms | ratio p50 | DB queries / request |',
    '|---|---|---|---|---|---|---|---|',
    ...results.map(
      (result) =>
        `| ${result.name} | ${format(result.baseline.p50)} | ${format(result.secured.p50)} | ${format(result.secured.p50 - result.baseline.p50)} | ${format(result.secured.p95)} | ${format(result.secured.p99)} | ${(result.secured.p50 / Math.max(result.baseline.p50, 1e-6)).toFixed(1).padStart(6)}x | ${result.queriesPerRequest.toFixed(3)} |`,
    ),
    '',
    'Goals: added p50 <= 0.2 ms with warm caches; at most 1 database query per request for key verification.',
    '',
  ];
  process.stdout.write(lines.join('\n'));
  expect(results).toHaveLength(2);
});
