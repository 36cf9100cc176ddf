// Finds files of this repository from the working directory, which Jest sets to the repository
// root or to a project folder; specs run as ES modules and this lib type-checks as CommonJS, so
// neither __dirname nor import.meta is available everywhere.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The absolute path of `relativePath` under the working directory or its nearest ancestor that has it. */
export function findUpwards(relativePath: string, start: string = process.cwd()): string {
  const searched: string[] = [];
  for (let directory = resolve(start); ; directory = dirname(directory)) {
    const candidate = join(directory, relativePath);
    if (existsSync(candidate)) return candidate;
    searched.push(directory);
    if (dirname(directory) === directory) break;
  }
  throw new Error(`cannot find ${relativePath} under ${searched.join(', ')}`);
}
