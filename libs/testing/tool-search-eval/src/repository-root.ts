// The repository root, found from the working directory: Jest runs from the root (`npm test`, the
// benchmarks) or from this project's folder (`nx test`). The lib type-checks as CommonJS and its
// specs run as ES modules, so neither __dirname nor import.meta is available in both.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** A file only this lib has, so the first folder above `start` that holds it is the repository root. */
const MARKER = 'libs/testing/tool-search-eval/project.json';

export function repositoryRoot(start: string = process.cwd()): string {
  for (let directory = resolve(start); ; directory = dirname(directory)) {
    if (existsSync(join(directory, MARKER))) return directory;
    if (dirname(directory) === directory) break;
  }
  throw new Error(`cannot find the repository root (a folder with ${MARKER}) from ${start} or above`);
}
