// What `npm test` counts as noise in a passing run (tools/scripts/quiet-run.mjs), checked against
// the lines each kind of noise actually prints and against the lines a quiet run consists of.
import { join } from 'node:path';
import { workspaceRoot } from './workspace-root';

interface QuietRun {
  noiseKind(line: string): string | undefined;
}

describe('noise in a passing test run', () => {
  let quietRun: QuietRun;

  beforeAll(async () => {
    quietRun = (await import(join(workspaceRoot(), 'tools/scripts/quiet-run.mjs'))) as QuietRun;
  });

  it.each([
    ['a console block header', '  console.warn'],
    ['a console.log block header', '    console.log'],
    [
      'a service log line',
      '{"level":30,"time":1795685465006,"service":"mcp-gateway","msg":"Starting Nest application..."}',
    ],
    [
      'a listener leak warning',
      '(node:27400) MaxListenersExceededWarning: Possible EventEmitter memory leak detected.',
    ],
    [
      'a deprecation warning',
      '(node:311) [DEP0040] DeprecationWarning: The `punycode` module is deprecated.',
    ],
    [
      'a plain process warning',
      '(node:5) Warning: Setting the NODE_TLS_REJECT_UNAUTHORIZED environment variable to 0',
    ],
    [
      'the leaked worker notice',
      'A worker process has failed to exit gracefully and has been force exited. This is likely caused by tests leaking due to improper teardown.',
    ],
    ['a warning about the Jest configuration', '● Validation Warning:'],
    ['open handles', 'Jest has detected the following 2 open handles potentially keeping Jest from exiting:'],
    ['Jest hanging', 'Jest did not exit one second after the test run has completed.'],
  ])('counts %s', (_case, line) => {
    expect(quietRun.noiseKind(line)).toBeDefined();
  });

  it.each([
    ['a passing file', 'PASS mcp-gateway apps/mcp-gateway/src/mcp/mcp-endpoints.e2e.spec.ts (60.82 s)'],
    ['a test title that mentions the console', '    ✓ prints nothing to console.warn when it starts (12 ms)'],
    ['the summary', 'Tests:       726 passed, 726 total'],
    ['our own summary', 'tests: 3120 passed, 0 failed'],
    ['a log line quoted inside a message', 'expected {"level":30} to be absent'],
    ['an empty line', ''],
  ])('lets %s through', (_case, line) => {
    expect(quietRun.noiseKind(line)).toBeUndefined();
  });
});
