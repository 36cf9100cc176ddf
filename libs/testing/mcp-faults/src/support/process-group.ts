// Child processes in their own process group, so a test can end the child and everything it
// started (wrappers such as npx leave grandchildren behind otherwise).
import { spawn } from 'node:child_process';
import type { ChildProcess, SpawnOptions } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';

/** Spawns without a shell, as the leader of a new process group. */
export function spawnProcessGroup(
  command: string,
  args: readonly string[],
  options: SpawnOptions,
): ChildProcess {
  return spawn(command, args, { ...options, detached: true, shell: false });
}

/**
 * Sends SIGTERM to the child's whole group, SIGKILL after `graceMs` if the child is still there,
 * and SIGKILL to the group once more in case a grandchild ignored SIGTERM. Resolves when the child
 * has exited; idempotent.
 */
export async function killProcessGroup(child: ChildProcess, graceMs = 1000): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) return;
  const exited = hasExited(child) ? Promise.resolve() : once(child, 'exit').then(() => undefined);
  signalGroup(pid, 'SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<'grace-over'>((resolve) => {
    timer = setTimeout(() => resolve('grace-over'), graceMs);
  });
  if ((await Promise.race([exited, graceOver])) === 'grace-over') signalGroup(pid, 'SIGKILL');
  clearTimeout(timer);
  await exited;
  signalGroup(pid, 'SIGKILL');
  for (const stream of [child.stdin, child.stdout, child.stderr]) stream?.destroy();
}

export function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** True while any process of the group led by `pid` is alive. */
export function isProcessGroupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch (error) {
    // ESRCH: nobody left in the group, which is the goal.
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** CPU time (user + system) a process has used, in ms; 0 once it is gone. */
export function cpuMilliseconds(pid: number): number {
  try {
    // Fields after the parenthesised command name; utime and stime are the 12th and 13th of them,
    // in clock ticks of 10 ms (USER_HZ is 100 on Linux).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /s, '')
      .split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}
