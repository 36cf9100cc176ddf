// Runs the official MCP conformance suite (`conformance server`, @modelcontextprotocol/conformance
// 0.1.16) against a server URL with Node 22, and reads its per-scenario results files
// (`<output>/server-<scenario>-<timestamp>/checks.json`) into a verdict per scenario.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killProcessGroup, spawnProcessGroup } from '@platform/testing-mcp-faults';
import { CONFORMANCE_CLI, NODE_22, repositoryFile } from '../launcher/repository-files';

export type ConformanceCheckStatus = 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';

/** One check as the suite writes it (the fields this library reads). */
export interface ConformanceCheck {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly status: ConformanceCheckStatus;
  readonly errorMessage?: string;
}

export interface ConformanceScenarioResult {
  readonly scenario: string;
  /** As the suite counts it: a scenario passes when none of its checks is a FAILURE. */
  readonly passed: boolean;
  readonly checks: readonly ConformanceCheck[];
}

export interface ConformanceRun {
  readonly url: string;
  readonly exitCode: number | null;
  readonly scenarios: ReadonlyMap<string, ConformanceScenarioResult>;
  /** The CLI's stdout and stderr, for failure messages. */
  readonly output: string;
}

export interface ConformanceRunOptions {
  /** `all` (default: every server scenario, pending ones included), `active` or `pending`. */
  readonly suite?: 'all' | 'active' | 'pending';
  /** One scenario instead of a suite. */
  readonly scenario?: string;
  /** Kill the CLI after this long; 5 minutes by default. */
  readonly timeoutMs?: number;
}

/** `<cli> server --url <url> --suite all -o <outputDir>` (or `--scenario <name>`), run with Node 22. */
function conformanceArguments(url: string, outputDir: string, options: ConformanceRunOptions): string[] {
  const selection =
    options.scenario === undefined ? ['--suite', options.suite ?? 'all'] : ['--scenario', options.scenario];
  return [repositoryFile(CONFORMANCE_CLI), 'server', '--url', url, ...selection, '-o', outputDir];
}

export async function runConformanceSuite(
  url: string,
  options: ConformanceRunOptions = {},
): Promise<ConformanceRun> {
  const outputDir = mkdtempSync(join(tmpdir(), 'mcp-conformance-'));
  try {
    const { exitCode, output } = await runToEnd(
      repositoryFile(NODE_22),
      conformanceArguments(url, outputDir, options),
      options.timeoutMs ?? 300_000,
    );
    return { url, exitCode, output, scenarios: readResults(outputDir, summarizedScenarios(output)) };
  } finally {
    rmSync(outputDir, { recursive: true, force: true });
  }
}

function runToEnd(
  command: string,
  args: string[],
  timeoutMs: number,
): Promise<{ exitCode: number | null; output: string }> {
  // Jest's NODE_OPTIONS (--experimental-vm-modules) is not meant for the CLI.
  const { NODE_OPTIONS: _jestOptions, ...environment } = process.env;
  const child = spawnProcessGroup(command, args, { env: environment, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return new Promise((resolve, reject) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      void killProcessGroup(child);
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (exitCode) => {
      clearTimeout(timer);
      if (timedOut) reject(new Error(`the conformance CLI ran longer than ${timeoutMs} ms\n${output}`));
      else resolve({ exitCode, output });
    });
  });
}

/** Scenario names from the CLI's closing summary (`✓ name: 1 passed, 0 failed`). */
function summarizedScenarios(output: string): string[] {
  const summary = output.slice(output.lastIndexOf('=== SUMMARY ==='));
  return [...summary.matchAll(/^[✓✗] ([\w-]+): \d+ passed, \d+ failed$/gmu)].map((match) => match[1] ?? '');
}

function readResults(outputDir: string, summarized: string[]): Map<string, ConformanceScenarioResult> {
  const results = new Map<string, ConformanceScenarioResult>();
  for (const entry of readdirSync(outputDir)) {
    const scenario = /^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.exec(entry)?.[1];
    if (scenario === undefined) continue;
    const checks = JSON.parse(
      readFileSync(join(outputDir, entry, 'checks.json'), 'utf8'),
    ) as ConformanceCheck[];
    results.set(scenario, { scenario, passed: checks.every((check) => check.status !== 'FAILURE'), checks });
  }
  // A scenario that crashed before writing its file still appears in the summary: it failed.
  for (const scenario of summarized) {
    if (results.has(scenario)) continue;
    const check: ConformanceCheck = {
      id: scenario,
      name: scenario,
      description: 'the scenario wrote no results file',
      status: 'FAILURE',
      errorMessage: 'see the CLI output',
    };
    results.set(scenario, { scenario, passed: false, checks: [check] });
  }
  return results;
}

/** The FAILURE checks of a scenario as one line each, for assertion messages and reports. */
export function describeFailures(result: ConformanceScenarioResult): string[] {
  return result.checks
    .filter((check) => check.status === 'FAILURE')
    .map((check) => `${check.id}: ${check.errorMessage ?? check.description}`);
}
