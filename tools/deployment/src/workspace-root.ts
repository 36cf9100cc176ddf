// The workspace root (the folder holding nx.json), whether Jest runs from it or from this project.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

export function workspaceRoot(from = process.cwd()): string {
  if (existsSync(join(from, 'nx.json'))) return from;
  const parent = dirname(from);
  if (parent === from) throw new Error('nx.json not found above the working directory');
  return workspaceRoot(parent);
}
