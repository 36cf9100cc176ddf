// Starts a service the way its image does: the ENTRYPOINT and CMD of the Dockerfile, in the image's
// working directory, with the image's ENV (paths into the image mapped to the folder standing for
// it) and nothing of the caller's environment, as a user who owns none of the files.
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** The unprivileged user a root caller runs the image as; undefined: the caller (not root) itself. */
export function unprivilegedUser() {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag) => Number(spawnSync('id', [flag, 'nobody'], { encoding: 'utf8' }).stdout.trim());
  return { name: 'nobody', uid: id('-u'), gid: id('-g') };
}

export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The environment of a process in the image: its ENV with image paths mapped, a PATH that finds the
 * Node.js standing for the image's and the system's tini and tmux, then `overrides`.
 */
export function imageEnvironment(plan, imageRoot, nodeBin, overrides) {
  const mapped = Object.fromEntries(
    Object.entries(plan.env).map(([name, value]) => [name, mapImagePath(plan, imageRoot, value)]),
  );
  return {
    ...mapped,
    PATH: `${nodeBin}:/usr/local/bin:/usr/bin:/bin`,
    // tini is PID 1 in a container; here it is not, and says so unless it adopts orphans itself.
    TINI_SUBREAPER: '1',
    ...overrides,
  };
}

/** An image path under the working directory or a volume, as a path in the folder standing for the image. */
function mapImagePath(plan, imageRoot, value) {
  const under = (folder) => value === folder || value.startsWith(`${folder}/`);
  return [plan.workdir, ...plan.volumes].some(under) ? join(imageRoot, value) : value;
}

/** Processes started here and still running, killed with theirs should this script end first. */
const running = new Set();
process.on('exit', () => {
  for (const pid of running) killTree(pid);
});

/**
 * Starts `argv` (ENTRYPOINT + CMD) in the image's working directory as `user`. Every output line is
 * kept; `exited` resolves with the exit code (or signal name); `kill()` ends it and every process
 * under it at once (tini puts the service in a process group of its own, tmux daemonizes), as a
 * container's end would, for a run that failed.
 */
export function startProcess(plan, imageRoot, argv, env, user) {
  const command =
    user === undefined
      ? argv
      : ['setpriv', `--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', ...argv];
  const child = spawn(command[0], command.slice(1), {
    cwd: join(imageRoot, plan.workdir),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid !== undefined) running.add(child.pid);
  child.on('exit', () => running.delete(child.pid));
  const lines = [];
  const collect = (stream, name) =>
    new Promise((resolve) =>
      createInterface({ input: stream })
        .on('line', (text) => lines.push({ stream: name, text }))
        .on('close', resolve),
    );
  const streams = Promise.all([collect(child.stdout, 'stdout'), collect(child.stderr, 'stderr')]);
  const exited = new Promise((resolve) => {
    child.on('error', (error) => {
      lines.push({ stream: 'stderr', text: `cannot start ${command[0]}: ${error.message}` });
      resolve('spawn error');
    });
    child.on('exit', (code, signal) => streams.then(() => resolve(code ?? signal)));
  });
  const kill = () => killTree(child.pid);
  return { child, lines, exited, kill };
}

/** SIGKILL to `pid` and all its descendants, found before any of them dies (Linux /proc). */
function killTree(pid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // pid (comm) state ppid …; comm may hold spaces and parentheses, so read after the last `)`.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // ended meanwhile
    }
  }
  const tree = [pid];
  for (let index = 0; index < tree.length; index += 1) tree.push(...(children.get(tree[index]) ?? []));
  for (const member of tree) {
    try {
      process.kill(member, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/**
 * Log lines that mean something went wrong: anything on stderr, and JSON log lines at level error
 * (50) or above. Warnings (40) are returned apart, their messages, to be shown.
 */
export function judgeLogs(lines) {
  const errors = [];
  const warnings = [];
  for (const { stream, text } of lines) {
    const entry = logEntry(text);
    if (stream === 'stderr' || (entry?.level ?? 0) >= 50) errors.push(text);
    else if (entry?.level === 40) warnings.push(String(entry.msg));
  }
  return { errors, warnings };
}

function logEntry(text) {
  if (!text.startsWith('{')) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Resolves once `url` answers 200; rejects when the process exits first or `timeoutMs` passes. */
export async function waitForOk(url, exited, timeoutMs) {
  let ended;
  void exited.then((result) => {
    ended = result;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (ended !== undefined) throw new Error(`the process exited (${ended}) before ${url} answered 200`);
    const status = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.status,
      () => undefined,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
}
