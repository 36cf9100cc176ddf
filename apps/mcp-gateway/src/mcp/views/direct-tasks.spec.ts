import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { appKeyPrincipal } from '../../access/authorization/authorization.spec-fixtures';
import type { Principal } from '../../access/principal';
import { DirectTasks, MAX_TASK_RETENTION_MS, MAX_TASKS_PER_OWNER } from './direct-tasks';

const alice = appKeyPrincipal(['*']);
const bob: Principal = {
  ...alice,
  appKey: { id: 'key-bob', keyPrefix: 'mcp-glb-bob', kind: 'app_key', scopes: ['*'] },
};

describe('DirectTasks', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('knows a task only for its creator and only on the server it was created on', () => {
    const tasks = new DirectTasks();
    tasks.record(alice, 'files', 't-1', 'read_file', 60_000);
    expect(tasks.ownedBy(alice, 'files', 't-1')).toMatchObject({ tool: 'read_file' });
    expect(tasks.ownedBy(bob, 'files', 't-1')).toBeUndefined();
    expect(tasks.ownedBy(alice, 'other', 't-1')).toBeUndefined();
  });

  it('forgets a task after its ttl, and after a day when the backend gave none or a longer one', () => {
    jest.useFakeTimers({ now: 0 });
    const tasks = new DirectTasks();
    tasks.record(alice, 'files', 'short', 'read_file', 1_000);
    tasks.record(alice, 'files', 'none', 'read_file', null);
    tasks.record(alice, 'files', 'long', 'read_file', 10 * MAX_TASK_RETENTION_MS);
    jest.setSystemTime(1_000);
    expect(tasks.ownedBy(alice, 'files', 'short')).toBeUndefined();
    expect(tasks.ownedBy(alice, 'files', 'none')).toMatchObject({ tool: 'read_file' });
    jest.setSystemTime(MAX_TASK_RETENTION_MS);
    expect(tasks.ownedBy(alice, 'files', 'none')).toBeUndefined();
    expect(tasks.ownedBy(alice, 'files', 'long')).toBeUndefined();
  });

  it("keeps each owner's most recent tasks: one caller creating many never forgets another's", () => {
    const tasks = new DirectTasks();
    tasks.record(bob, 'files', 'bobs', 'read_file', 60_000);
    for (let index = 0; index <= MAX_TASKS_PER_OWNER; index += 1) {
      tasks.record(alice, 'files', `t-${index}`, 'read_file', 60_000);
    }
    expect(tasks.ownedBy(alice, 'files', 't-0')).toBeUndefined();
    expect(tasks.ownedBy(alice, 'files', `t-${MAX_TASKS_PER_OWNER}`)).toMatchObject({ tool: 'read_file' });
    expect(tasks.ownedBy(alice, 'files', 't-1')).toMatchObject({ tool: 'read_file' });
    expect(tasks.ownedBy(bob, 'files', 'bobs')).toMatchObject({ tool: 'read_file' });
  });
});
