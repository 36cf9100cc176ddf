#!/usr/bin/env node
// Completes package-lock.json with the platform-specific optional packages that the npm
// registry mirror of our build machines does not serve (macOS, Windows and exotic Linux
// builds of @swc/core, unrs-resolver, sass-embedded, ...). Without their entries `npm ci`
// refuses the lock file ("Missing: … from lock file") even though it would never install
// them on Linux x64. Each added entry carries the `os`/`cpu`/`libc` the package declares,
// inferred from its name, so npm skips it on other platforms and fetches it by version on
// the platform it is for.
//
//   npm install && node tools/scripts/complete-lockfile.mjs   (after changing dependencies)
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const lockPath = join(root, 'package-lock.json');

const OPERATING_SYSTEMS = [
  'darwin',
  'win32',
  'linux',
  'android',
  'freebsd',
  'openharmony',
  'netbsd',
  'openbsd',
  'sunos',
  'aix',
];
const CPUS = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el'];
/** Fallback packages of sass-embedded, selected by negation rather than by a platform name. */
const SPECIAL_CASES = {
  'sass-embedded-all-unknown': { cpu: ['!arm', '!arm64', '!riscv64', '!x64'] },
  'sass-embedded-unknown-all': { os: ['!android', '!darwin', '!linux', '!win32'] },
};

function platformOf(name) {
  if (SPECIAL_CASES[name]) return SPECIAL_CASES[name];
  const tokens = name.replace(/^@[^/]+\//, '').split('-');
  const os = OPERATING_SYSTEMS.find((candidate) => tokens.includes(candidate));
  const cpu = CPUS.find((candidate) => tokens.includes(candidate));
  if (os === undefined || cpu === undefined) return undefined;
  const platform = { os: [os], cpu: [cpu] };
  if (os === 'linux' && tokens.some((token) => token.startsWith('musl'))) platform.libc = ['musl'];
  else if (os === 'linux' && tokens.some((token) => token.startsWith('gnu'))) platform.libc = ['glibc'];
  return platform;
}

function missingPackages() {
  try {
    execFileSync('npm', ['ci', '--dry-run', '--ignore-scripts'], { cwd: root, stdio: 'pipe' });
    return [];
  } catch (error) {
    const output = `${error.stdout ?? ''}${error.stderr ?? ''}`;
    return [...output.matchAll(/Missing: (.+?)@(\S*) from lock file/g)].map((match) => match[1]);
  }
}

const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const missing = missingPackages();
const unknown = [];
let added = 0;
for (const name of missing) {
  const parents = Object.entries(lock.packages).filter(([, entry]) => entry.optionalDependencies?.[name]);
  const platform = platformOf(name);
  if (parents.length === 0 || platform === undefined) {
    unknown.push(name);
    continue;
  }
  const [parentPath, parent] = parents[0];
  const version = parent.optionalDependencies[name];
  const location = `${parentPath.slice(0, parentPath.lastIndexOf('node_modules/'))}node_modules/${name}`;
  const entry = {
    ...(parent.dev ? { dev: true } : {}),
    ...(parent.devOptional ? { devOptional: true } : {}),
    optional: true,
    ...platform,
  };
  // npm writes `version` first and the other keys in alphabetical order.
  lock.packages[location] = {
    version,
    ...Object.fromEntries(Object.entries(entry).sort(([a], [b]) => a.localeCompare(b, 'en'))),
  };
  added += 1;
}
// npm's own order: the root first, then paths compared in the 'en' locale.
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en'))),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
process.stdout.write(`complete-lockfile: added ${added} platform package entr${added === 1 ? 'y' : 'ies'}\n`);
if (unknown.length > 0) {
  process.stderr.write(`complete-lockfile: cannot infer the platform of: ${unknown.join(', ')}\n`);
  process.exit(1);
}
