// Finds the file a stdio command's executable word names, the way spawn() will (a search of
// the child's PATH, or a path from the working directory), and every path on the way through
// symbolic links, so the policy judges the program that really runs: `/tmp/x` → `/usr/bin/sh`
// → `/usr/bin/dash`, `/dev/fd/3` → `/proc/self/fd/3`.
// Synchronous on purpose: the policy is one synchronous check, and a resolution is a handful of
// lstat and readlink calls made when a server is registered or started, never per request.
import { accessSync, constants, lstatSync, readlinkSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, posix, resolve } from 'node:path';
import { isElfSharedObject } from './elf-shared-object';

export interface ResolvedExecutable {
  /** The path spawn() would execute, then the path after each symbolic link; the real path last. */
  readonly paths: readonly string[];
  /** The file at the end of the links; undefined when there is none (spawn fails with ENOENT). */
  readonly realPath?: string;
  /** The file is an ELF shared object (the dynamic loader, a library), never a program. */
  readonly sharedObject: boolean;
}

/** Undefined when the word names nothing here (a bare name on no PATH entry) or on Windows. */
export type ExecutableResolver = (word: string) => ResolvedExecutable | undefined;

export interface ResolverContext {
  /** The child's PATH. */
  readonly searchPath: string | undefined;
  /** The child's working directory. */
  readonly cwd: string;
}

/** What libuv searches when the child's environment has no PATH (glibc's _PATH_DEFPATH). */
const DEFAULT_SEARCH_PATH = '/usr/bin:/bin';
const MAX_SYMBOLIC_LINKS = 40;
/** Kernel file systems, where a path names another process's program or an open file. */
const PSEUDO_FILE_ROOTS = ['/proc', '/dev'];

/** Whether an absolute path lies under /proc or /dev (`/proc/self/exe`, `/dev/fd/3`). */
export function isPseudoFilePath(path: string): boolean {
  if (!path.startsWith('/')) return false;
  const normal = posix.normalize(path);
  return PSEUDO_FILE_ROOTS.some((root) => normal === root || normal.startsWith(`${root}/`));
}

export function createExecutableResolver(context: ResolverContext): ExecutableResolver {
  if (process.platform === 'win32') return () => undefined;
  return (word) => {
    if (word === '') return undefined;
    const start = word.includes('/') ? resolve(context.cwd, word) : searchPath(word, context);
    return start === undefined ? undefined : followLinks(start);
  };
}

function searchPath(name: string, context: ResolverContext): string | undefined {
  for (const directory of (context.searchPath ?? DEFAULT_SEARCH_PATH).split(':')) {
    // An empty entry is the working directory, as execvp reads it.
    const candidate = resolve(context.cwd, directory, name);
    if (isExecutableFile(candidate)) return candidate;
  }
  return undefined;
}

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Resolves `start` one component at a time, as the kernel does, recording the whole path after
 * each symbolic link (directory links too: `/dev/fd` → `/proc/self/fd`). It stops at /proc and
 * /dev, whose links mean something else in the child than here.
 */
function followLinks(start: string): ResolvedExecutable {
  const paths = [start];
  let pending = start.split('/');
  let current = '/';
  let links = 0;
  const unresolved = (): ResolvedExecutable => ({ paths, sharedObject: false });
  while (pending.length > 0) {
    const part = pending.shift() ?? '';
    if (part === '' || part === '.') continue;
    if (part === '..') {
      current = dirname(current);
      continue;
    }
    const candidate = join(current, part);
    if (isPseudoFilePath(candidate)) {
      record(paths, join(candidate, ...pending));
      return unresolved();
    }
    let target: string | undefined;
    try {
      target = lstatSync(candidate).isSymbolicLink() ? readlinkSync(candidate) : undefined;
    } catch {
      return unresolved();
    }
    if (target === undefined) {
      current = candidate;
      continue;
    }
    links += 1;
    if (links > MAX_SYMBOLIC_LINKS) return unresolved();
    if (isAbsolute(target)) current = '/';
    pending = [...target.split('/'), ...pending];
    record(paths, resolve(current, ...pending));
  }
  record(paths, current);
  return { paths, realPath: current, sharedObject: isElfSharedObject(current) };
}

function record(paths: string[], path: string): void {
  if (paths[paths.length - 1] !== path) paths.push(path);
}
