// Who may follow a task in the direct view. The gateway talks to each backend over one session
// that every caller shares, so the backend's task ids are the backend's and not any caller's: a
// `tasks/get`, `tasks/result` or `tasks/cancel` naming another caller's task would reach it. The
// direct view records the owner of each task a `tools/call` creates and answers the task methods
// only for that owner; anyone else is told the task does not exist, exactly as if it did not.
// (docs/decisions/020-one-decision-per-item-in-every-view.md, "Tasks")
//
// Ownership is kept in this process's memory: a task is followed through the gateway replica that
// created it, and a restart forgets it (the backend's session, and so its tasks, end then too).
import { Injectable } from '@nestjs/common';
import type { Principal } from '../../access/principal';
import { ownerKeyOf } from '../sessions/session.registry';

/** A task kept longer than this is forgotten even if the backend gave it a longer (or no) ttl. */
export const MAX_TASK_RETENTION_MS = 24 * 60 * 60 * 1000;
/** Each owner's most recent tasks are kept; creating more forgets that owner's oldest, no one else's. */
export const MAX_TASKS_PER_OWNER = 1000;

export interface OwnedTask {
  /** The tool whose call created it: following the task is authorized as calling that tool again. */
  readonly tool: string;
  readonly expiresAt: number;
}

@Injectable()
export class DirectTasks {
  /** Per owner key, per `<serverId>\n<taskId>`, in creation order (a Map keeps insertion order). */
  private readonly byOwner = new Map<string, Map<string, OwnedTask>>();

  /** Records that `principal` created `taskId` on `serverId` by calling `tool`. */
  record(principal: Principal, serverId: string, taskId: string, tool: string, ttlMs: unknown): void {
    const retention =
      typeof ttlMs === 'number' && Number.isFinite(ttlMs) && ttlMs > 0
        ? Math.min(ttlMs, MAX_TASK_RETENTION_MS)
        : MAX_TASK_RETENTION_MS;
    const ownerKey = ownerKeyOf(principal);
    let tasks = this.byOwner.get(ownerKey);
    if (tasks === undefined) {
      tasks = new Map();
      this.byOwner.set(ownerKey, tasks);
    }
    const key = taskKey(serverId, taskId);
    tasks.delete(key);
    tasks.set(key, { tool, expiresAt: Date.now() + retention });
    this.forgetExpired(ownerKey, tasks);
    for (const oldest of tasks.keys()) {
      if (tasks.size <= MAX_TASKS_PER_OWNER) break;
      tasks.delete(oldest);
    }
  }

  /** The task, when `principal` created it on `serverId` and it has not expired; else undefined. */
  ownedBy(principal: Principal, serverId: string, taskId: string): OwnedTask | undefined {
    const ownerKey = ownerKeyOf(principal);
    const tasks = this.byOwner.get(ownerKey);
    const task = tasks?.get(taskKey(serverId, taskId));
    if (tasks === undefined || task === undefined) return undefined;
    if (task.expiresAt > Date.now()) return task;
    this.forgetExpired(ownerKey, tasks);
    return undefined;
  }

  private forgetExpired(ownerKey: string, tasks: Map<string, OwnedTask>): void {
    const now = Date.now();
    for (const [key, task] of tasks) if (task.expiresAt <= now) tasks.delete(key);
    if (tasks.size === 0) this.byOwner.delete(ownerKey);
  }
}

function taskKey(serverId: string, taskId: string): string {
  return `${serverId}\n${taskId}`;
}
