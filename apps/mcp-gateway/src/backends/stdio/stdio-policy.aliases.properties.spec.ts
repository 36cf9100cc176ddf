// Invariants of the stdio policy over the names a program can be reached by (fast-check): a
// symbolic link, however it is named and chained, is judged like its target; versioned names
// and paths change nothing; loaders, /proc and /dev paths and wrappers are refused wherever
// they are; and the allow-list only ever narrows what the deny rules accept.
import fc from 'fast-check';
import { parseAllowedCommands } from './allowed-commands';
import { classifyExecutable } from './executable-name';
import type { ExecutableResolver } from './executable-resolver';
import { checkStdioCommandLine } from './stdio-policy';
import type { StdioPolicyRule } from './stdio-policy.types';

function ruleOf(line: string, resolve?: ExecutableResolver): StdioPolicyRule | 'accepted' {
  const result = checkStdioCommandLine(line, { resolve });
  return result.ok ? 'accepted' : result.violation.rule;
}

/** Refused programs as their real files, with arguments that make them run code. */
const TARGETS: readonly (readonly [string, string])[] = [
  ['/usr/bin/dash', '-c id'],
  ['/usr/bin/bash', '-c id'],
  ['/usr/bin/busybox', 'sh'],
  ['/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2', '/bin/sh'],
  ['/lib/ld-musl-x86_64.so.1', '/bin/sh'],
  ['/proc/self/exe', '-e x'],
  ['/usr/bin/env', '-S id'],
  ['/usr/bin/timeout', '5 id'],
  ['/usr/bin/perl5.36.0', '-e x'],
  ['/usr/bin/ruby3.1', '-e x'],
  ['/usr/bin/php8.2', '-r x'],
  ['/usr/bin/gawk', "'BEGIN{system(1)}'"],
  ['/usr/bin/mawk', "'BEGIN{system(1)}'"],
  ['/usr/bin/luajit-2.1.0-beta3', '-e x'],
  ['/usr/bin/tclsh8.6', ''],
  ['/usr/bin/node', '-e x'],
  ['/usr/bin/python3.11', '-c x'],
  ['/usr/bin/sqlite3', ''],
];

/** Names that mean nothing to the policy, as a link or a directory could be called. */
const plainName = fc
  .stringMatching(/^[a-z][a-z0-9_-]{0,11}$/)
  .filter((name) => classifyExecutable(name).family === 'other');
const directory = fc.array(plainName, { minLength: 1, maxLength: 3 }).map((parts) => `/${parts.join('/')}`);

describe('stdio policy alias properties', () => {
  it('judges a chain of symbolic links like the file it ends at, directly or behind a runner', () => {
    for (const [target, args] of TARGETS) {
      expect({ target, rule: ruleOf(`${target} ${args}`) }).not.toEqual({ target, rule: 'accepted' });
    }
    fc.assert(
      fc.property(
        fc.constantFrom(...TARGETS),
        plainName,
        fc.array(fc.tuple(directory, plainName), { maxLength: 3 }),
        fc.constantFrom('', 'npx -y ', 'uv run ', 'poetry run ', 'bunx '),
        ([target, args], word, hops, runner) => {
          const links = hops.map(([folder, name]) => `${folder}/${name}`);
          const resolve: ExecutableResolver = (candidate) =>
            candidate === word
              ? { paths: [`/usr/local/bin/${word}`, ...links, target], realPath: target, sharedObject: false }
              : undefined;
          const direct = ruleOf(`${target} ${args}`);
          expect(ruleOf(`${runner}${word} ${args}`, resolve)).toBe(direct);
        },
      ),
    );
  });

  it('refuses interpreters under versioned, platform and alternative names', () => {
    const interpreter = fc.constantFrom(
      ['perl', '-e x'],
      ['ruby', '-e x'],
      ['php', '-r x'],
      ['lua', '-e x'],
      ['python', '-c x'],
      ['node', '-e x'],
      ['tclsh', ''],
      ['gawk', "'BEGIN{system(1)}'"],
    );
    const version = fc
      .array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 3 })
      .map((numbers) => numbers.join('.'));
    const suffix = fc.constantFrom('', '-x86_64-linux-gnu', '-aarch64-linux-gnu', '.basic', 't');
    const prefix = fc.constantFrom('', '/usr/bin/', '/opt/homebrew/bin/', '/home/me/.local/bin/');
    fc.assert(
      fc.property(
        interpreter,
        fc.constantFrom('', '-', '_'),
        version,
        suffix,
        prefix,
        ([name, args], dash, number, end, before) => {
          const line = `${before}${name}${dash}${number}${end} ${args}`;
          expect({ line, rule: ruleOf(line) }).toEqual({ line, rule: 'interpreter-code' });
        },
      ),
    );
  });

  it('refuses loaders, /proc and /dev paths, and wrappers wherever they are', () => {
    const loader = fc.constantFrom(
      'ld-linux-x86-64.so.2',
      'ld-linux.so.2',
      'ld-linux-aarch64.so.1',
      'ld64.so.2',
      'ld.so',
      'ld-2.36.so',
      'ld-musl-x86_64.so.1',
      'ld-musl-armhf.so.1',
    );
    fc.assert(
      fc.property(directory, loader, (folder, name) => {
        expect(ruleOf(`${folder}/${name} /bin/sh -c id`)).toBe('loader-executable');
      }),
    );
    const noise = fc.constantFrom('/', '//', '/./', '/x/../');
    const pseudo = fc.tuple(fc.constantFrom('proc', 'dev'), noise, plainName, noise, plainName);
    fc.assert(
      fc.property(pseudo, ([root, a, first, b, second]) => {
        expect(ruleOf(`${a}${root}${b}${first}/${second} -e x`)).toBe('pseudo-file-executable');
      }),
    );
    const wrapper = fc.constantFrom(
      'env',
      'nice',
      'timeout',
      'stdbuf',
      'setsid',
      'xargs',
      'nohup',
      'chroot',
      'taskset',
    );
    fc.assert(
      fc.property(
        fc.constantFrom('', '/usr/bin/', '/bin/', '/usr/sbin/'),
        wrapper,
        plainName,
        (before, name, program) => {
          expect(ruleOf(`${before}${name} ${program}`)).toBe('command-runner');
        },
      ),
    );
  });

  it('never accepts with an allow-list what it refuses without one', () => {
    const fragments = 'node npx perl sh /usr/bin/node /usr/bin/perl server.js -e -y x'.split(' ');
    const line = fc
      .array(fc.constantFrom(...fragments), { minLength: 1, maxLength: 5 })
      .map((words) => words.join(' '));
    const entries = fc.array(
      fc.constantFrom('node', 'npx', 'perl', '/usr/bin/node', '/usr/bin/perl', 'uvx'),
      {
        maxLength: 4,
      },
    );
    const resolve: ExecutableResolver = (word) =>
      ({ node: '/usr/bin/node', perl: '/usr/bin/perl', npx: '/usr/bin/npx' })[word] === undefined &&
      !word.startsWith('/')
        ? undefined
        : { paths: [word], realPath: word.startsWith('/') ? word : `/usr/bin/${word}`, sharedObject: false };
    fc.assert(
      fc.property(line, entries, (text, list) => {
        const parsed = parseAllowedCommands(list.join(','));
        if (!parsed.ok) throw new Error(parsed.problems.join('; '));
        const narrowed = checkStdioCommandLine(text, { resolve, allowedCommands: parsed.allowed });
        if (narrowed.ok) expect(checkStdioCommandLine(text, { resolve }).ok).toBe(true);
      }),
    );
  });
});
