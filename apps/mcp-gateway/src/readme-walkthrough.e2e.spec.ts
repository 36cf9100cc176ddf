// The README's walkthrough, "Gateway: from the administrator key to a tool call", run as a
// newcomer runs it: its own ```sh blocks, read from README.md, pasted in order into one bash
// against a fresh gateway (first start: printed key, seeded policy), with curl and the MCP
// Inspector CLI. Each `# → text` line under a command is what its block must print. Only the
// address (a free port instead of 8080) and the pasted administrator key are filled in, so the
// README and this test cannot drift apart.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type GatewayHarness, startGatewayHarness } from './testing/gateway-harness.spec-helpers';
import { REPOSITORY_ROOT } from './testing/reference-servers';

const SECTION = '## Gateway: from the administrator key to a tool call';
/** Several Inspector runs (a fresh Node each) and a stdio server started through npx. */
const WALKTHROUGH_TIMEOUT_MS = 600_000;

interface Block {
  readonly script: string;
  /** The `# →` lines: pieces of what the block prints. */
  readonly expected: readonly string[];
}

function walkthroughBlocks(readme: string): Block[] {
  const start = readme.indexOf(SECTION);
  if (start < 0) throw new Error(`README.md has no section "${SECTION}"`);
  const end = readme.indexOf('\n## ', start + SECTION.length);
  const section = readme.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map(([, script = '']) => ({
    script,
    expected: script
      .split('\n')
      .filter((line) => line.startsWith('# → '))
      .map((line) => line.slice('# → '.length)),
  }));
}

describe('README walkthrough: from the administrator key to a tool call', () => {
  let gateway: GatewayHarness;
  let home: string;

  beforeAll(async () => {
    gateway = await startGatewayHarness('servers: []\n', { GATEWAY_SEED_DEFAULT_POLICIES: 'true' });
    home = mkdtempSync(join(tmpdir(), 'readme-walkthrough-'));
  }, 120_000);

  afterAll(async () => {
    await gateway?.close();
    if (home !== undefined) rmSync(home, { recursive: true, force: true });
  });

  it(
    'works when pasted: every block runs and prints what the README says',
    async () => {
      const blocks = walkthroughBlocks(readFileSync(join(REPOSITORY_ROOT, 'README.md'), 'utf8'));
      expect(blocks.length).toBeGreaterThanOrEqual(8);
      expect(blocks.every((block) => block.expected.length > 0)).toBe(true);
      const outputs = await runInOneShell(
        blocks.map((block) => pasted(block.script)),
        home,
      );
      blocks.forEach((block, index) => {
        const output = outputs[index];
        if (output === undefined) throw new Error(`block ${index + 1} did not finish:\n${block.script}`);
        for (const piece of block.expected) {
          if (!output.includes(piece)) {
            throw new Error(
              `block ${index + 1} printed no "${piece}":\n${block.script}\n--- output:\n${output}`,
            );
          }
        }
      });
    },
    WALKTHROUGH_TIMEOUT_MS,
  );

  /** The block as a reader pastes it: their key on the `ADMIN=` line, this gateway's address. */
  function pasted(script: string): string {
    const address = new URL(gateway.base).host;
    return script
      .replace(/^ADMIN=mcp-adm-….*$/m, `ADMIN=${gateway.adminKey}`)
      .replaceAll('localhost:8080', address);
  }
});

/**
 * Runs the blocks one after the other in a single bash (variables carry over, as in a terminal),
 * and returns each block's output; a block that fails stops the rest (`set -e`).
 */
async function runInOneShell(scripts: readonly string[], home: string): Promise<string[]> {
  const marker = (index: number) => `@@@ end of block ${index} @@@`;
  const program = [
    'set -eu',
    ...scripts.flatMap((script, index) => [script, `echo; echo '${marker(index)}'`]),
  ].join('\n');
  // Jest's NODE_OPTIONS (--experimental-vm-modules) are not a reader's; this Node comes first.
  const { NODE_OPTIONS: _jestOptions, ...environment } = process.env;
  const child = spawn('bash', ['-c', program], {
    cwd: REPOSITORY_ROOT,
    env: {
      ...environment,
      HOME: home,
      PATH: `${dirname(process.execPath)}:${environment['PATH'] ?? ''}`,
      npm_config_update_notifier: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  await new Promise((resolve) => child.once('close', resolve));
  const outputs: string[] = [];
  let rest = output;
  for (let index = 0; index < scripts.length; index += 1) {
    const end = rest.indexOf(marker(index));
    if (end < 0) {
      outputs.push(`${rest}\n(the block did not finish)`);
      break;
    }
    outputs.push(rest.slice(0, end));
    rest = rest.slice(end + marker(index).length);
  }
  return outputs;
}
