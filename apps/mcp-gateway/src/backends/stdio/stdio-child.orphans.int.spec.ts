// 100 start/stop cycles of a wrapper that spawns a SIGTERM-ignoring grandchild (the npx/uvx
// shape) must leave no process behind, whichever way each run ends.
import { StdioChild } from './stdio-child';
import type { StdioExit } from './stdio-child.types';
import {
  isFixtureRunning,
  nextLine,
  runningFixtureProcesses,
  writeFixtures,
  type Fixtures,
} from './stdio-child.spec-fixtures';

const CYCLES = 100;

/** How a run ends: the wrapper exits at stdin EOF, ignores EOF (killed after the grace), or exits by itself. */
type Ending = 'exits-at-eof' | 'ignores-eof' | 'exits-by-itself';
const ENDINGS: readonly Ending[] = ['exits-at-eof', 'ignores-eof', 'exits-by-itself', 'exits-at-eof'];

describe('StdioChild leaves no orphans', () => {
  let fixtures: Fixtures;

  beforeAll(async () => {
    fixtures = await writeFixtures();
  });

  afterAll(async () => {
    await fixtures.remove();
  });

  async function runCycles(
    ending: Ending,
    cycles: number,
    pids: number[],
    exits: StdioExit[],
  ): Promise<void> {
    const args =
      ending === 'ignores-eof' ? ['--ignore-eof'] : ending === 'exits-by-itself' ? ['--exit-now'] : [];
    // One child per worker, restarted each cycle: also exercises restart after stopped/exited.
    const child = new StdioChild({
      serverId: `orphans-${ending}`,
      commandLine: fixtures.commandLine('wrapper.cjs', ...args),
      graceMs: 150,
    });
    for (let cycle = 0; cycle < cycles; cycle += 1) {
      const announced = nextLine(child);
      const exited = new Promise<StdioExit>((resolve) => child.once('exit', resolve));
      const started = await child.start({ kind: 'resolved', value: 'cycle-secret' });
      if (!started.ok) throw new Error(`start failed: ${JSON.stringify(started.failure)}`);
      const { grandchild } = JSON.parse(await announced) as { grandchild: number };
      pids.push(started.pid, grandchild);
      if (ending !== 'exits-by-itself') await child.stop();
      exits.push(await exited);
    }
  }

  it(`after ${CYCLES} cycles on 4 concurrent servers`, async () => {
    const pids: number[] = [];
    const exits: StdioExit[] = [];
    const perWorker = CYCLES / ENDINGS.length;
    await Promise.all(ENDINGS.map((ending) => runCycles(ending, perWorker, pids, exits)));

    expect(exits).toHaveLength(CYCLES);
    expect(exits.filter((exit) => !exit.processGroupCleared)).toEqual([]);
    expect(pids).toHaveLength(2 * CYCLES);
    expect(pids.filter((pid) => isFixtureRunning(pid, fixtures.directory))).toEqual([]);
    expect(runningFixtureProcesses(fixtures.directory)).toEqual([]);
  });
});
