// Where the misbehaving stdio backend's executable is, for `node <path>` or StdioClientTransport.
import { findUpwards } from '../support/repository-paths';

const RELATIVE_PATH = 'libs/testing/mcp-faults/src/backend/misbehaving-stdio-backend.mjs';

/**
 * The absolute path of `misbehaving-stdio-backend.mjs`, found from the working directory (the
 * repository root, a project folder, or anything below the root). Throws naming the folders it
 * searched when it is not there.
 */
export function misbehavingStdioBackendPath(start: string = process.cwd()): string {
  return findUpwards(RELATIVE_PATH, start);
}
