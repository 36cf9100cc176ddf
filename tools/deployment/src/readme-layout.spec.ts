// The README's repository layout names every project of the workspace, so a newcomer can find a
// library from it: each folder holding a `project.json` under apps/, libs/ and tools/ is named in
// the layout block, itself or through a `<group>/*` line.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { workspaceRoot } from './workspace-root';

const root = workspaceRoot();

function projectFolders(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(folder, entry.name);
    if (existsSync(join(root, path, 'project.json'))) found.push(relative(root, join(root, path)));
    else found.push(...projectFolders(path));
  }
  return found;
}

const readme = readFileSync(join(root, 'README.md'), 'utf8');
const layout = /## Repository layout\n\n```\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
const named = layout.split('\n').map((line) => line.split(/\s+/)[0] ?? '');

describe("the README's repository layout", () => {
  it('is there', () => {
    expect(named.length).toBeGreaterThan(3);
  });

  it.each(['libs', 'tools'].flatMap(projectFolders))('names %s', (project) => {
    const covered = named.some(
      (entry) => entry === project || (entry.endsWith('/*') && dirname(project) === entry.slice(0, -2)),
    );
    expect(covered ? project : `${project} is not in README.md's repository layout`).toBe(project);
  });
});
