// Comments cite the specification by section ("spec 5.1"); the specification lives outside the
// repository, so docs/spec-map.md says what each section covers. Every section cited anywhere in
// the code must be listed there.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { workspaceRoot } from './workspace-root';

const root = workspaceRoot();

function sourceFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return [];
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|mjs)$/.test(entry.name) ? [path] : [];
  });
}

const CITATION = /\bspec (\d+(?:\.\d+)?)\b/g;

const cited = new Map<string, string>();
for (const file of ['apps', 'libs', 'tools'].flatMap((folder) => sourceFiles(join(root, folder)))) {
  for (const match of readFileSync(file, 'utf8').matchAll(CITATION)) {
    if (!cited.has(match[1] ?? '')) cited.set(match[1] ?? '', file.slice(root.length + 1));
  }
}
const listed = new Set(
  [...readFileSync(join(root, 'docs/spec-map.md'), 'utf8').matchAll(/^\| spec (\d+(?:\.\d+)?) \|/gm)].map(
    (match) => match[1],
  ),
);

describe('docs/spec-map.md', () => {
  it('finds citations to check', () => {
    expect(cited.size).toBeGreaterThan(5);
  });

  it.each([...cited].sort())('lists spec %s (cited in %s)', (section) => {
    expect(listed.has(section) ? section : `spec ${section} is cited but not in docs/spec-map.md`).toBe(
      section,
    );
  });
});
