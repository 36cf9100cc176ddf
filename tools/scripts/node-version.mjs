#!/usr/bin/env node
// Whether a Node.js version satisfies package.json's `engines.node`, the one place the workspace's
// Node requirement is written (docs/decisions/022-http-edge-shutdown-and-toolchain.md). `npm test`
// asks before it runs anything, and .ci/use-node.sh runs this file (exit 0: the Node running it
// qualifies) before any dependency is installed, so it needs nothing but Node itself.
//
//   node tools/scripts/node-version.mjs        exit 0 when this Node qualifies, 1 with a message
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** package.json's `engines.node`, e.g. `^22.19.0 || >=24.11.0`. */
export function nodeRequirement() {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return manifest.engines.node;
}

/**
 * Whether `version` (`22.19.0` or `v22.19.0`) satisfies `range`. Only the two comparator forms
 * package.json uses are understood, `^x.y.z` and `>=x.y.z`, joined by `||`; anything else is an
 * error rather than a guess.
 */
export function satisfiesNodeRange(version, range) {
  const actual = parseVersion(version);
  return range.split('||').some((alternative) => {
    const comparator = alternative.trim();
    const match = /^(\^|>=)(\d+\.\d+\.\d+)$/.exec(comparator);
    if (match === null) throw new Error(`cannot read the Node version range "${range}"`);
    const [, operator, bound] = match;
    const minimum = parseVersion(bound);
    if (compare(actual, minimum) < 0) return false;
    return operator === '>=' || actual[0] === minimum[0];
  });
}

function parseVersion(text) {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(text);
  if (match === null) throw new Error(`cannot read the Node version "${text}"`);
  return match.slice(1, 4).map(Number);
}

function compare(a, b) {
  for (let index = 0; index < 3; index += 1) {
    if (a[index] !== b[index]) return a[index] - b[index];
  }
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const range = nodeRequirement();
  if (!satisfiesNodeRange(process.version, range)) {
    process.stderr.write(`Node ${process.version} does not satisfy package.json's engines (${range}).\n`);
    process.exit(1);
  }
}
