// StdioChild with real processes: framing, exit detection, stderr masking, backpressure, and
// stop() killing the whole process tree (grandchildren included).
import { StdioChild } from './stdio-child';
import type { StdioExit } from './stdio-child.types';
import {
  eventually,
  isFixtureRunning,
  nextLine,
  processExists,
  startWithSecret,
  writeFixtures,
  type Fixtures,
} from './stdio-child.spec-fixtures';

const SECRET = 'sk-live-7f3a9c2e1b';

describe('StdioChild (real processes)', () => {
  let fixtures: Fixtures;
  const children: StdioChild[] = [];

  function child(script: string, options: { args?: string[]; graceMs?: number; maxLineBytes?: number } = {}) {
    const created = new StdioChild({
      serverId: 'fixture',
      commandLine: fixtures.commandLine(script, ...(options.args ?? [])),
      graceMs: options.graceMs,
      maxLineBytes: options.maxLineBytes,
    });
    children.push(created);
    return created;
  }

  const startOk = (target: StdioChild) => startWithSecret(target, SECRET);

  beforeAll(async () => {
    fixtures = await writeFixtures();
  });

  afterEach(async () => {
    await Promise.all(children.splice(0).map((each) => each.stop()));
  });

  afterAll(async () => {
    await fixtures.remove();
  });

  it('echoes a JSON-RPC line round trip and serves concurrent start() calls with one process', async () => {
    const echo = child('echo.cjs');
    const [first, second] = await Promise.all([startOk(echo), startOk(echo)]);
    expect(second).toBe(first);
    expect(echo.state).toBe('running');
    const reply = nextLine(echo);
    await echo.send('{"jsonrpc":"2.0","id":1,"method":"ping"}');
    expect(await reply).toBe('{"jsonrpc":"2.0","id":1,"method":"ping"}');
  });

  it('detects an exit after delivering every line, the last one without a newline', async () => {
    const exiting = child('exits.cjs');
    const events: string[] = [];
    exiting.on('line', (line) => events.push(`line ${line}`));
    const exited = new Promise<StdioExit>((resolve) => exiting.once('exit', resolve));
    await startOk(exiting);
    const exit = await exited;
    expect(events).toEqual(['line first', 'line {"last":true}']);
    expect(exit).toEqual({ code: 3, signal: null, reason: 'exited', processGroupCleared: true });
    expect(exiting.state).toBe('exited');
    expect(exiting.lastExit).toEqual(exit);
    await expect(exiting.send('{}')).rejects.toMatchObject({ code: 'stdio.not-running' });
  });

  it('restarts after an exit with a new process', async () => {
    const exiting = child('exits.cjs');
    const firstExit = new Promise((resolve) => exiting.once('exit', resolve));
    const first = await startOk(exiting);
    await firstExit;
    const secondExit = new Promise((resolve) => exiting.once('exit', resolve));
    const second = await startOk(exiting);
    expect(second).not.toBe(first);
    await secondExit;
    expect(exiting.state).toBe('exited');
  });

  it('stop() closes stdin, then kills the whole group after the grace period', async () => {
    const wrapper = child('wrapper.cjs', { args: ['--ignore-eof'] });
    const announced = nextLine(wrapper);
    const pid = await startOk(wrapper);
    const { grandchild } = JSON.parse(await announced) as { grandchild: number };
    expect(isFixtureRunning(grandchild, fixtures.directory)).toBe(true);
    const exit = await wrapper.stop();
    expect(exit).toEqual({ code: null, signal: 'SIGKILL', reason: 'stopped', processGroupCleared: true });
    expect(wrapper.state).toBe('stopped');
    expect(isFixtureRunning(pid, fixtures.directory)).toBe(false);
    expect(isFixtureRunning(grandchild, fixtures.directory)).toBe(false);
    // Dead at once; the pid disappears once init has reaped the orphan.
    expect(await eventually(() => !processExists(grandchild))).toBe(true);
  });

  it('kills the grandchild a wrapper leaves behind when it exits at stdin EOF', async () => {
    const wrapper = child('wrapper.cjs');
    const announced = nextLine(wrapper);
    await startOk(wrapper);
    const { grandchild } = JSON.parse(await announced) as { grandchild: number };
    const exit = await wrapper.stop();
    expect(exit).toMatchObject({ code: 0, signal: null, reason: 'stopped', processGroupCleared: true });
    expect(isFixtureRunning(grandchild, fixtures.directory)).toBe(false);
  });

  it('kills the orphans of a wrapper that exits by itself (the npx/uvx case)', async () => {
    const wrapper = child('wrapper.cjs', { args: ['--exit-now'] });
    const announced = nextLine(wrapper);
    const exited = new Promise<StdioExit>((resolve) => wrapper.once('exit', resolve));
    await startOk(wrapper);
    const { grandchild } = JSON.parse(await announced) as { grandchild: number };
    expect(await exited).toMatchObject({ code: 5, reason: 'exited', processGroupCleared: true });
    expect(isFixtureRunning(grandchild, fixtures.directory)).toBe(false);
  });

  it('keeps stderr lines with the secret masked, also where a long line cut it', async () => {
    const leaky = child('leaky.cjs');
    const ready = nextLine(leaky);
    await startOk(leaky);
    await ready;
    await leaky.stop();
    const lines = leaky.recentStderr();
    expect(lines).toEqual([
      'starting with key ***',
      `${'x'.repeat(4090)}*** …[truncated]`,
      'mcp key *** done',
      'last words without newline ***',
    ]);
    expect(lines.join('\n')).not.toContain(SECRET.slice(0, 4));
  });

  it('kills a child whose stdout line exceeds the cap (protocol error)', async () => {
    const big = child('big-line.cjs', { maxLineBytes: 1024 });
    const exited = new Promise<StdioExit>((resolve) => big.once('exit', resolve));
    await startOk(big);
    expect(await exited).toMatchObject({ signal: 'SIGKILL', reason: 'line-too-long' });
    expect(big.state).toBe('exited');
    expect(big.recentStderr()).toEqual(['[gateway] stdout line longer than 1024 bytes: process killed']);
  });

  it('send() waits while the pipe is full and resolves once the child reads', async () => {
    const slow = child('slow-reader.cjs');
    const ready = nextLine(slow);
    const pid = await startOk(slow);
    await ready;
    let accepted = false;
    const sent = slow.send('z'.repeat(4 * 1024 * 1024)).then(() => {
      accepted = true;
    });
    // The child reads nothing yet: the 4 MiB line cannot fit in the pipe, whatever the wait.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(accepted).toBe(false);
    const answer = nextLine(slow);
    process.kill(pid, 'SIGUSR1');
    await sent;
    expect(await answer).toBe(String(4 * 1024 * 1024));
  });

  it('rejects a pending send when the child is stopped', async () => {
    const slow = child('slow-reader.cjs', { graceMs: 100 });
    const ready = nextLine(slow);
    await startOk(slow);
    await ready;
    const rejected = expect(slow.send('z'.repeat(4 * 1024 * 1024))).rejects.toMatchObject({
      code: 'stdio.stdin-closed',
    });
    await slow.stop();
    await rejected;
  });

  it('refuses a line containing a newline', async () => {
    const echo = child('echo.cjs');
    await startOk(echo);
    await expect(echo.send('{}\n{}')).rejects.toMatchObject({ code: 'stdio.invalid-line' });
  });
});
