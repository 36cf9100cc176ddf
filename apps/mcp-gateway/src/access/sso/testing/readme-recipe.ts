// For tests only: the reverse-proxy recipes exactly as README.md shows them, so that the tests
// run the text an operator copies and the two cannot drift apart. A recipe is the fenced block
// right after a `<!-- recipe:<name> -->` line.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export type RecipeName = 'nginx-sso' | 'traefik-sso';

/** The text of the recipe's fenced block, without the fences. Throws when it is missing. */
export function readmeRecipe(name: RecipeName): string {
  const readme = readFileSync(join(workspaceRoot(), 'README.md'), 'utf8');
  const marker = `<!-- recipe:${name} -->`;
  const start = readme.indexOf(marker);
  if (start < 0 || readme.indexOf(marker, start + 1) >= 0) {
    throw new Error(`README.md must contain the line ${marker} exactly once`);
  }
  const block = /^\s*```[a-z]*\n([\s\S]*?)\n```/.exec(readme.slice(start + marker.length));
  if (block?.[1] === undefined) throw new Error(`README.md: no fenced block after ${marker}`);
  return block[1];
}

/**
 * Replaces the recipe's example addresses and secret with the test's. Each placeholder must
 * occur exactly once: a recipe that lost or doubled one is not the recipe this test knows.
 */
export function fillRecipe(recipe: string, replacements: Readonly<Record<string, string>>): string {
  let filled = recipe;
  for (const [placeholder, value] of Object.entries(replacements)) {
    const count = filled.split(placeholder).length - 1;
    if (count !== 1) throw new Error(`the recipe should contain "${placeholder}" once, not ${count} times`);
    filled = filled.replace(placeholder, () => value);
  }
  return filled;
}

/** The workspace root: the nearest folder above the working directory that has nx.json. */
function workspaceRoot(from = process.cwd()): string {
  if (existsSync(join(from, 'nx.json'))) return from;
  const parent = dirname(from);
  if (parent === from) throw new Error('nx.json not found above the working directory');
  return workspaceRoot(parent);
}
