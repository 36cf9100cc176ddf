// The conformance backend, run as its own process, passes every server scenario of the official
// conformance suite; the runner reports a failing scenario as failed; stopping leaves nothing behind.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { isProcessGroupAlive } from '@platform/testing-mcp-faults';
import {
  describeFailures,
  runConformanceSuite,
  startConformanceBackend,
  type ConformanceBackend,
} from './index';

/** Every server scenario of @modelcontextprotocol/conformance 0.1.16 (`conformance list --server`). */
const SERVER_SCENARIOS = 32;

describe('conformance backend', () => {
  let backend: ConformanceBackend;

  beforeAll(async () => {
    backend = await startConformanceBackend();
  });

  afterAll(async () => {
    await backend.stop();
  });

  it('passes every server scenario of the conformance suite', async () => {
    const run = await runConformanceSuite(backend.endpoint, { suite: 'all' });
    const failures = [...run.scenarios.values()]
      .filter((result) => !result.passed)
      .map((result) => `${result.scenario}: ${describeFailures(result).join('; ')}`);
    expect(failures).toEqual([]);
    expect(run.scenarios.size).toBe(SERVER_SCENARIOS);
    expect(run.exitCode).toBe(0);
  }, 180_000);

  it('is reported as failing where no MCP endpoint answers', async () => {
    const run = await runConformanceSuite(`${backend.origin}/not-mcp`, { scenario: 'server-initialize' });
    const result = run.scenarios.get('server-initialize');
    expect(result?.passed).toBe(false);
    expect(describeFailures(result ?? { scenario: '', passed: false, checks: [] }).join()).toMatch(
      /Not found: the MCP endpoint is \/mcp/,
    );
    expect(run.exitCode).toBe(1);
  }, 60_000);

  it('stops with its whole process group', async () => {
    const other = await startConformanceBackend();
    expect(isProcessGroupAlive(other.pid)).toBe(true);
    await other.stop();
    expect(isProcessGroupAlive(other.pid)).toBe(false);
  });
});
