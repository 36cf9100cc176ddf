// The workspace's Node.js requirement is written once, in package.json's `engines.node`. Every
// installed package must accept the oldest Node that range admits (else `npm ci` warns, or with
// a strict npm refuses, and the package may fail at run time), and everything that names or
// installs a Node (README, .nvmrc, CI's pinned Node, the container images) must lie inside it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { workspaceRoot } from './workspace-root';

const root = workspaceRoot();
const read = (path: string): string => readFileSync(join(root, path), 'utf8');
const manifest = JSON.parse(read('package.json')) as { engines: { node: string } };
const requirement = manifest.engines.node;

interface NodeVersionScript {
  satisfiesNodeRange(version: string, range: string): boolean;
}

/** The lowest version of each line the range admits: `^22.19.0 || >=24.11.0` → 22.19.0, 24.11.0. */
const oldestSupported = requirement.split('||').map((alternative) => {
  const bound = /(\d+)\.(\d+)(?:\.(\d+))?/.exec(alternative);
  if (bound === null) throw new Error(`cannot read "${alternative}" in engines.node`);
  return `${bound[1]}.${bound[2]}.${bound[3] ?? '0'}`;
});

interface QueriedPackage {
  readonly name: string;
  readonly version: string;
  readonly engines: { readonly node: string };
}

describe('the Node.js requirement', () => {
  let script: NodeVersionScript;

  beforeAll(async () => {
    // The same evaluator `npm test` and .ci/use-node.sh use.
    script = (await import(join(root, 'tools/scripts/node-version.mjs'))) as NodeVersionScript;
  });

  it('is a range the repository scripts can read', () => {
    expect(oldestSupported.length).toBeGreaterThan(0);
    for (const version of oldestSupported) expect(script.satisfiesNodeRange(version, requirement)).toBe(true);
    expect(script.satisfiesNodeRange('20.20.2', requirement)).toBe(false);
  });

  it.each(oldestSupported)('is met by every installed package on Node %s', (version) => {
    // npm's own selector engine and semver, over the installed tree: the packages whose
    // `engines.node` does not accept this version.
    const output = execFileSync(
      'npm',
      ['query', `:attr(engines, [node]):not(:semver(${version}, :attr(engines, [node])))`],
      { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } },
    );
    const refusing = (JSON.parse(output) as QueriedPackage[]).map(
      (found) => `${found.name}@${found.version} wants node ${found.engines.node}`,
    );
    expect(refusing).toEqual([]);
  });

  it('is what the README states', () => {
    const line = read('README.md')
      .split('\n')
      .find((text) => text.startsWith('Requirements:'));
    for (const version of oldestSupported) {
      expect(line).toContain(version.replace(/\.0$/, ''));
    }
  });

  it('admits the Node of .nvmrc, of CI and of the container images', () => {
    const nvmMajor = read('.nvmrc').trim();
    expect(script.satisfiesNodeRange(`${nvmMajor}.99.0`, requirement)).toBe(true);

    const ciNode = JSON.parse(read('.ci/node/package.json')) as {
      optionalDependencies: Record<string, string>;
    };
    const ciVersions = new Set(Object.values(ciNode.optionalDependencies));
    expect(ciVersions.size).toBe(1);
    for (const version of ciVersions) expect(script.satisfiesNodeRange(version, requirement)).toBe(true);

    for (const service of ['mcp-gateway', 'curation-api', 'term-bridge']) {
      const image = /^ARG NODE_IMAGE=node:(\d+\.\d+)[-\w]*$/m.exec(read(`docker/${service}.Dockerfile`))?.[1];
      expect(image).toBeDefined();
      expect(script.satisfiesNodeRange(`${image}.0`, requirement)).toBe(true);
    }
  });
});
