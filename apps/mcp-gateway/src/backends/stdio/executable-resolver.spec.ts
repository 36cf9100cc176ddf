// Resolution on this machine's file system: PATH lookup as spawn() does it, every hop of a
// symbolic-link chain (directory links too), /proc and /dev stops, and shared objects (the
// dynamic loader, even copied under another name) told apart from programs.
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isElfSharedObject } from './elf-shared-object';
import { createExecutableResolver, isPseudoFilePath } from './executable-resolver';
import { DYNAMIC_LOADER as LOADER } from './stdio-child.spec-fixtures';

describe('createExecutableResolver', () => {
  let directory: string;

  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), 'stdio-resolver-'));
    mkdirSync(join(directory, 'bin'));
    mkdirSync(join(directory, 'other'));
    writeFileSync(join(directory, 'bin', 'server'), '#!/bin/sh\n', { mode: 0o755 });
    writeFileSync(join(directory, 'other', 'server'), '#!/bin/sh\n', { mode: 0o755 });
    writeFileSync(join(directory, 'bin', 'not-executable'), '', { mode: 0o644 });
    writeFileSync(join(directory, 'other', 'not-executable'), '#!/bin/sh\n', { mode: 0o755 });
    symlinkSync('/usr/bin/sh', join(directory, 'to-sh'));
    symlinkSync('to-sh', join(directory, 'to-to-sh'));
    symlinkSync('/proc/self/exe', join(directory, 'to-self'));
    symlinkSync('/proc', join(directory, 'proc-dir'));
    symlinkSync('../bin', join(directory, 'other', 'up'));
    if (LOADER !== undefined) {
      copyFileSync(LOADER, join(directory, 'copied-loader'));
      chmodSync(join(directory, 'copied-loader'), 0o755);
    }
  });

  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  const resolverIn = (searchPath: string | undefined, cwd = directory) =>
    createExecutableResolver({ searchPath, cwd });

  it('finds a bare name in the first PATH entry holding an executable file, as spawn does', () => {
    const resolve = resolverIn(`${join(directory, 'bin')}:${join(directory, 'other')}`);
    expect(resolve('server')?.realPath).toBe(join(directory, 'bin', 'server'));
    expect(resolve('not-executable')?.realPath).toBe(join(directory, 'other', 'not-executable'));
    expect(resolve('missing')).toBeUndefined();
  });

  it('reads an empty PATH entry as the working directory, and no PATH as /usr/bin:/bin', () => {
    expect(resolverIn(':/nonexistent', join(directory, 'bin'))('server')?.realPath).toBe(
      join(directory, 'bin', 'server'),
    );
    expect(resolverIn(undefined)('env')?.paths[0]).toBe('/usr/bin/env');
  });

  it('follows every link of a chain and records each hop', () => {
    const resolved = resolverIn('/usr/bin')(join(directory, 'to-to-sh'));
    expect(resolved?.paths).toEqual([
      join(directory, 'to-to-sh'),
      join(directory, 'to-sh'),
      '/usr/bin/sh',
      realpathSync('/usr/bin/sh'),
    ]);
    expect(resolved?.realPath).toBe(realpathSync('/usr/bin/sh'));
  });

  it('resolves relative words from the working directory, through directory links', () => {
    expect(resolverIn('/usr/bin')('other/up/server')?.realPath).toBe(join(directory, 'bin', 'server'));
  });

  it('stops at /proc and /dev, through links or written directly', () => {
    const resolve = resolverIn('/usr/bin');
    expect(resolve(join(directory, 'to-self'))?.paths).toContain('/proc/self/exe');
    expect(resolve(join(directory, 'proc-dir', 'self', 'exe'))?.paths).toContain('/proc/self/exe');
    expect(resolve('/dev/fd/0')?.paths.some(isPseudoFilePath)).toBe(true);
    for (const word of ['/proc/self/exe', 'to-self', 'proc-dir/self/exe', '/dev/fd/0']) {
      expect({ word, realPath: resolve(word)?.realPath }).toEqual({ word, realPath: undefined });
    }
  });

  it('tells the dynamic loader, under its own name or as a copy, from programs', () => {
    expect(LOADER).toBeDefined();
    const resolve = resolverIn('/usr/bin');
    expect(resolve(LOADER ?? '')?.sharedObject).toBe(true);
    expect(resolve(join(directory, 'copied-loader'))?.sharedObject).toBe(true);
    for (const program of [
      process.execPath,
      '/usr/bin/sh',
      '/usr/bin/env',
      join(directory, 'bin', 'server'),
    ]) {
      expect({ program, sharedObject: resolve(program)?.sharedObject }).toEqual({
        program,
        sharedObject: false,
      });
    }
  });
});

describe('isElfSharedObject', () => {
  it('is false for anything that cannot be read as ELF, without throwing', () => {
    const directory = mkdtempSync(join(tmpdir(), 'stdio-elf-'));
    writeFileSync(join(directory, 'text'), 'not ELF');
    writeFileSync(join(directory, 'truncated'), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1]));
    try {
      for (const path of ['/nonexistent', directory, join(directory, 'text'), join(directory, 'truncated')]) {
        expect({ path, sharedObject: isElfSharedObject(path) }).toEqual({ path, sharedObject: false });
      }
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
