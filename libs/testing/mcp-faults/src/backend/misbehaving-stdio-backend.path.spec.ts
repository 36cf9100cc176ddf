// Finding the stdio backend's executable from wherever Jest runs.
import { describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { misbehavingStdioBackendPath } from './misbehaving-stdio-backend.path';

describe('misbehavingStdioBackendPath', () => {
  it('is an absolute path to the executable, from the repository root', () => {
    const path = misbehavingStdioBackendPath();
    expect(isAbsolute(path)).toBe(true);
    expect(path.endsWith('libs/testing/mcp-faults/src/backend/misbehaving-stdio-backend.mjs')).toBe(true);
    expect(existsSync(path)).toBe(true);
  });

  it('gives the same path from a folder below the root, such as the lib itself', () => {
    expect(misbehavingStdioBackendPath(join(process.cwd(), 'libs/testing/mcp-faults/src'))).toBe(
      misbehavingStdioBackendPath(),
    );
  });

  it('names the folders it searched when the repository is not above the start folder', () => {
    expect(() => misbehavingStdioBackendPath('/')).toThrow(
      /cannot find libs\/testing\/mcp-faults\/src\/backend\/misbehaving-stdio-backend\.mjs under \//,
    );
  });
});
