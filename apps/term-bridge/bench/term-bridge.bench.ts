// Benchmark of the terminal bridge against baselines measured in the same run:
// 1. output-to-chunk latency: a shell stamps each line with $EPOCHREALTIME; the time until the
//    line arrives in a streamed chunk at the client (goal p50 <= 20 ms), against a 100 ms
//    capture-pane polling loop (how the reference bridge reads output);
// 2. turns per second for `echo` with quiescence 20 ms (goal >= 20), against a polling settle
//    (capture-pane every 5 ms, 20 ms quiet: the reference's own test setting);
// 3. CPU while 20 sessions are attached and idle, over 10 s (goal: near zero), against polling
//    the same 20 panes every 100 ms.
//   npm run bench -- term-bridge
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { type BridgeUnderTest, startBridge, TmuxTestServer } from '@platform/testing-bridge';
import { BRIDGE_SERVICE } from '../src/term-bridge.module';

const run = promisify(execFile);
const LATENCY_LINES = 200;
const TURNS = 200;
const IDLE_SESSIONS = 20;
const CPU_WINDOW_MS = 10_000;
const CLOCK_TICKS_PER_SECOND = 100;

const wallClockMs = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

/** A loop that prints one line stamped with the shell's wall clock every `gapMs`. */
function stampingLoop(lines: number, gapMs: number): string {
  return `for i in $(seq 1 ${lines}); do printf 'T%s\\n' "$EPOCHREALTIME"; sleep ${gapMs / 1000}; done`;
}

function stampsIn(text: string): number[] {
  return [...text.matchAll(/T(\d+)\.(\d{6})/g)].map(
    (match) => Number(match[1]) * 1000 + Number(match[2]) / 1000,
  );
}

async function tmuxCommand(tmux: TmuxTestServer, ...args: string[]): Promise<string> {
  return (await run('tmux', ['-L', tmux.socketName, ...args])).stdout;
}

/** Latency through the bridge: stream the stamping loop and time each stamped line's arrival. */
async function bridgeLatency(bridge: BridgeUnderTest): Promise<number[]> {
  const response = await fetch(`${bridge.baseUrl}/v1/chat/completions`, {
    method: 'POST',
    headers: { ...bridge.auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      model: 'term:latency',
      stream: true,
      messages: [{ role: 'user', content: stampingLoop(LATENCY_LINES, 20) }],
    }),
  });
  const latencies: number[] = [];
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    const arrived = wallClockMs();
    buffered += decoder.decode(chunk, { stream: true });
    const events = buffered.split('\n\n');
    buffered = events.pop() ?? '';
    for (const event of events) {
      if (!event.startsWith('data: {')) continue;
      const content =
        (JSON.parse(event.slice(6)) as { choices: { delta: { content?: string } }[] }).choices[0]?.delta
          .content ?? '';
      for (const stamp of stampsIn(content)) latencies.push(arrived - stamp);
    }
  }
  return latencies;
}

/** Latency of the reference approach: poll capture-pane every 100 ms and diff. */
async function pollingLatency(tmux: TmuxTestServer): Promise<number[]> {
  await tmuxCommand(tmux, 'send-keys', '-t', '=polled:', '-l', '--', stampingLoop(LATENCY_LINES, 20));
  await tmuxCommand(tmux, 'send-keys', '-t', '=polled:', 'Enter');
  const seen = new Set<number>();
  const latencies: number[] = [];
  const deadline = Date.now() + 60_000;
  while (seen.size < LATENCY_LINES && Date.now() < deadline) {
    const screen = await tmuxCommand(tmux, 'capture-pane', '-p', '-J', '-t', '=polled:', '-S', '-200');
    const now = wallClockMs();
    for (const stamp of stampsIn(screen)) {
      if (seen.has(stamp)) continue;
      seen.add(stamp);
      latencies.push(now - stamp);
    }
    await sleep(100);
  }
  return latencies;
}

async function bridgeTurns(bridge: BridgeUnderTest, session: string): Promise<number> {
  for (let index = 0; index < 10; index += 1) {
    await bridge.openai.chat.completions.create({
      model: `term:${session}`,
      messages: [{ role: 'user', content: `echo warm-${index}` }],
    });
  }
  const started = performance.now();
  for (let index = 0; index < TURNS; index += 1) {
    const completion = await bridge.openai.chat.completions.create({
      model: `term:${session}`,
      messages: [{ role: 'user', content: `echo turn-${index}` }],
    });
    if (completion.choices[0]?.message.content !== `turn-${index}`)
      throw new Error(`turn ${index}: unexpected output`);
  }
  return TURNS / ((performance.now() - started) / 1000);
}

/** The reference's settle: send-keys, then poll capture-pane every 5 ms until 20 ms without change. */
async function pollingTurns(tmux: TmuxTestServer): Promise<number> {
  const started = performance.now();
  for (let index = 0; index < TURNS; index += 1) {
    await tmuxCommand(tmux, 'send-keys', '-t', '=polled:', `echo turn-${index}`, 'Enter');
    let last = '';
    let changedAt = performance.now();
    let sawOutput = false;
    for (;;) {
      const screen = await tmuxCommand(tmux, 'capture-pane', '-p', '-t', '=polled:');
      if (screen !== last) {
        last = screen;
        changedAt = performance.now();
        sawOutput ||= screen.includes(`\nturn-${index}\n`);
      } else if (sawOutput && performance.now() - changedAt >= 20) break;
      await sleep(5);
    }
  }
  return TURNS / ((performance.now() - started) / 1000);
}

/** CPU seconds of this process (with reaped children) and of every tmux process on the socket. */
function cpuSeconds(socketName: string): { bridge: number; tmux: number } {
  const ticks = (stat: string, fields: number[]) => {
    const parts = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields.reduce((sum, field) => sum + Number(parts[field - 3] ?? 0), 0);
  };
  const own = ticks(readFileSync('/proc/self/stat', 'utf8'), [14, 15, 16, 17]);
  let tmux = 0;
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (command.startsWith('tmux') && command.includes(socketName))
        tmux += ticks(readFileSync(`/proc/${pid}/stat`, 'utf8'), [14, 15]);
    } catch {
      // The process ended while we looked.
    }
  }
  return { bridge: own / CLOCK_TICKS_PER_SECOND, tmux: tmux / CLOCK_TICKS_PER_SECOND };
}

async function cpuOver(
  socketName: string,
  activity: () => Promise<void>,
): Promise<{ bridge: number; tmux: number }> {
  const before = cpuSeconds(socketName);
  const usageBefore = process.cpuUsage();
  await activity();
  const usage = process.cpuUsage(usageBefore);
  const after = cpuSeconds(socketName);
  const seconds = CPU_WINDOW_MS / 1000;
  return {
    // process.cpuUsage for the process itself; /proc adds the children it reaped (tmux commands).
    bridge: (100 * Math.max((usage.user + usage.system) / 1e6, after.bridge - before.bridge)) / seconds,
    tmux: (100 * (after.tmux - before.tmux)) / seconds,
  };
}

const ms = (value: number) => value.toFixed(1).padStart(7);

it('terminal bridge: latency, turns per second, idle CPU', async () => {
  const tmux = TmuxTestServer.create('bench');
  const lines: string[] = [];
  try {
    for (const name of ['latency', 'polled', 'turns', 'turns-nodelay']) await tmux.newSession(name);
    await tmux.waitForScreen('polled', (screen) => /[#$] $/m.test(screen));

    const streaming = await startBridge(BRIDGE_SERVICE, tmux, {
      TERM_BRIDGE_QUIESCENCE_MS: '800',
      TERM_BRIDGE_TAPS_PERSIST: 'false',
    });
    let bridgeLatencies: number[];
    try {
      await streaming.openai.chat.completions.create({
        model: 'term:latency',
        messages: [{ role: 'user', content: 'true' }],
      });
      bridgeLatencies = await bridgeLatency(streaming);
    } finally {
      await streaming.close();
    }
    const pollLatencies = await pollingLatency(tmux);
    lines.push(
      `output-to-chunk latency, ${LATENCY_LINES} stamped lines (20 ms apart):`,
      '| path | lines | p50 ms | p90 ms | p99 ms | max ms |',
      '|---|---|---|---|---|---|',
      ...[
        ['bridge (control mode, streamed chunk at the client)', bridgeLatencies],
        ['baseline: capture-pane polled every 100 ms', pollLatencies],
      ].map(
        ([label, values]) =>
          `| ${String(label)} | ${(values as number[]).length} | ${ms(percentile(values as number[], 0.5))} | ${ms(percentile(values as number[], 0.9))} | ${ms(percentile(values as number[], 0.99))} | ${ms(Math.max(...(values as number[])))} |`,
      ),
      `ratio p50 (baseline / bridge): ${(percentile(pollLatencies, 0.5) / percentile(bridgeLatencies, 0.5)).toFixed(1)}x`,
      '',
    );

    const results: [string, number][] = [];
    for (const [label, delay] of [
      ['bridge, Enter delay 120 ms (default)', '120'],
      ['bridge, Enter delay 0 ms', '0'],
    ] as const) {
      const bridge = await startBridge(BRIDGE_SERVICE, tmux, {
        TERM_BRIDGE_QUIESCENCE_MS: '20',
        TERM_BRIDGE_ENTER_DELAY_MS: delay,
        TERM_BRIDGE_TAPS_PERSIST: 'false',
      });
      try {
        results.push([label, await bridgeTurns(bridge, delay === '0' ? 'turns-nodelay' : 'turns')]);
      } finally {
        await bridge.close();
      }
    }
    results.push(['baseline: send-keys + capture-pane every 5 ms, 20 ms quiet', await pollingTurns(tmux)]);
    lines.push(
      `turns per second, ${TURNS} sequential \`echo\` turns, quiescence 20 ms, audit on (embedded PGlite):`,
      '| path | turns/s |',
      '|---|---|',
      ...results.map(([label, rate]) => `| ${label} | ${rate.toFixed(1)} |`),
      '',
    );

    for (let index = 0; index < IDLE_SESSIONS; index += 1) await tmux.newSession(`idle-${index}`);
    const idle = await startBridge(BRIDGE_SERVICE, tmux, { TERM_BRIDGE_TAPS_PERSIST: 'false' });
    let attached: { bridge: number; tmux: number };
    let unattached: { bridge: number; tmux: number };
    try {
      // The same process with the bridge up but nothing attached: what Node, Jest and the embedded database cost.
      await sleep(1000);
      unattached = await cpuOver(tmux.socketName, () => sleep(CPU_WINDOW_MS));
      for (let index = 0; index < IDLE_SESSIONS; index += 1) {
        await idle.openai.chat.completions.create({
          model: `term:idle-${index}`,
          messages: [{ role: 'user', content: 'true' }],
        });
      }
      await sleep(1000);
      attached = await cpuOver(tmux.socketName, () => sleep(CPU_WINDOW_MS));
    } finally {
      await idle.close();
    }
    const polled = await cpuOver(tmux.socketName, async () => {
      const deadline = Date.now() + CPU_WINDOW_MS;
      while (Date.now() < deadline) {
        await Promise.all(
          Array.from({ length: IDLE_SESSIONS }, (_, index) =>
            tmuxCommand(tmux, 'capture-pane', '-p', '-t', `=idle-${index}:`),
          ),
        );
        await sleep(100);
      }
    });
    lines.push(
      `CPU while ${IDLE_SESSIONS} sessions sit idle, over ${CPU_WINDOW_MS / 1000} s (percent of one core):`,
      '| path | bridge process % | tmux processes % |',
      '|---|---|---|',
      `| reference: bridge running, no session attached | ${unattached.bridge.toFixed(2)} | ${unattached.tmux.toFixed(2)} |`,
      `| bridge: ${IDLE_SESSIONS} control-mode clients attached | ${attached.bridge.toFixed(2)} | ${attached.tmux.toFixed(2)} |`,
      `| baseline: capture-pane of each pane every 100 ms | ${polled.bridge.toFixed(2)} | ${polled.tmux.toFixed(2)} |`,
      '',
      'Goals: latency p50 <= 20 ms; >= 20 turns/s; idle CPU near zero.',
      '',
    );
    process.stdout.write(
      `\nterminal bridge benchmark (Node ${process.version}, ${(await tmuxCommand(tmux, '-V')).trim()})\n${lines.join('\n')}`,
    );
    expect(bridgeLatencies.length).toBe(LATENCY_LINES);
  } finally {
    await tmux.kill();
  }
});
