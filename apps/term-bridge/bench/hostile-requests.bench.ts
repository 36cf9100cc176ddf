// Benchmark (issue 15, decision 018): CPU time the bridge spends on maximum-size hostile chat
// requests, against a baseline request measured in the same run. The bridge and the client run
// in this process; CPU is `process.cpuUsage()` over a batch of sequential requests, divided by
// the batch (so it includes the client's side of each exchange, the same for every row). Bodies
// are serialised before timing. Shapes: the LibreChat title-detector shape (a telling phrase
// repeated, its partner missing) at 540 KB (the reported request) and at the body limit, as the
// final message and as a leading system prompt; the final message just under and just over
// TERM_BRIDGE_MAX_INPUT_BYTES; the most messages a body can hold and exactly
// TERM_BRIDGE_MAX_MESSAGES long ones; a body over the parser's limit; typed text made of line
// breaks (the /\n+$/ shape) against typing one character. A second table runs the replaced
// patterns and their replacements on the same hostile strings.
//   npm run bench -- hostile-requests
//   BENCH_SHAPES=title-540k npm run bench -- hostile-requests    (only the named rows, plus the baseline)
import { detectPermissionPrompt, parseKeySequence } from '@platform/tmux';
import { type BridgeUnderTest, startBridge, TmuxTestServer } from '@platform/testing-bridge';
import { detectBackgroundRequest } from '../src/chat/background-request.detector';
import { parseChatRequest } from '../src/chat/chat-request';
import { BRIDGE_SERVICE } from '../src/term-bridge.module';

const MAX_INPUT_BYTES = 65_536;
const MAX_MESSAGES = 10_000;
/** The JSON parser's limit (service kit, JSON_BODY_LIMIT = 4mb). */
const BODY_LIMIT = 4 * 1024 * 1024;
const TITLE_PHRASE = 'analyze this conversation and provide:';

interface Shape {
  readonly name: string;
  readonly label: string;
  readonly body: Buffer;
  readonly expectedStatus: number;
  /** Requests per batch: fewer for the ones that type into tmux (each turn takes wall time). */
  readonly batch: number;
}

const json = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));
const user = (content: string) => ({ role: 'user', content });
const repeatTo = (unit: string, bytes: number): string => unit.repeat(Math.floor(bytes / unit.length));

/** A body of exactly `bytes` bytes whose final message is `prefix` padded with `pad`. */
function paddedBody(model: string, prefix: string, pad: string, bytes: number): Buffer {
  const empty = json({ model, messages: [user(prefix)] }).length;
  return json({ model, messages: [user(`${prefix}${repeatTo(pad, bytes - empty)}`)] });
}

function shapes(): Shape[] {
  const help = '/help ';
  const manyEmpty = Math.floor((BODY_LIMIT - 100) / (JSON.stringify(user('')).length + 1));
  const longHistory = Array.from({ length: MAX_MESSAGES - 1 }, () => user('o'.repeat(350)));
  return [
    {
      name: 'baseline',
      label: 'baseline: an Open WebUI title task (answered without tmux)',
      body: json({
        model: 'term:dev',
        messages: [user('ls'), user('### Task:\nGenerate a concise, 3-5 word title with an emoji.')],
      }),
      expectedStatus: 200,
      batch: 200,
    },
    {
      name: 'title-540k',
      label: 'title-detector shape, final message, 540 KB (the reported request)',
      body: json({ model: 'term:dev', messages: [user(repeatTo(TITLE_PHRASE, 540_000))] }),
      expectedStatus: 400,
      batch: 50,
    },
    {
      name: 'title-max',
      label: 'title-detector shape, final message, body just under 4 MiB',
      body: json({ model: 'term:dev', messages: [user(repeatTo(TITLE_PHRASE, BODY_LIMIT - 200))] }),
      expectedStatus: 400,
      batch: 20,
    },
    {
      name: 'title-system',
      label: 'title-detector shape as a 4 MiB leading system prompt, then /help',
      body: json({
        model: 'term:dev',
        messages: [{ role: 'system', content: repeatTo(TITLE_PHRASE, BODY_LIMIT - 300) }, user('/help')],
      }),
      expectedStatus: 200,
      batch: 20,
    },
    {
      name: 'input-under',
      label: `final message ${MAX_INPUT_BYTES} bytes (at the limit): /help + title phrases`,
      body: json({
        model: 'term:dev',
        messages: [user(`${help}${repeatTo(TITLE_PHRASE, MAX_INPUT_BYTES - help.length)}`)],
      }),
      expectedStatus: 200,
      batch: 100,
    },
    {
      name: 'input-over',
      label: `final message ${MAX_INPUT_BYTES + 1} bytes (1 over the limit)`,
      body: json({ model: 'term:dev', messages: [user('x'.repeat(MAX_INPUT_BYTES + 1))] }),
      expectedStatus: 400,
      batch: 100,
    },
    {
      name: 'many-messages',
      label: `as many empty messages as fit in 4 MiB (${manyEmpty})`,
      body: json({ model: 'term:dev', messages: Array.from({ length: manyEmpty }, () => user('')) }),
      expectedStatus: 400,
      batch: 20,
    },
    {
      name: 'max-messages',
      label: `${MAX_MESSAGES} messages (at the limit), 350-byte history, then /help`,
      body: json({ model: 'term:dev', messages: [...longHistory, user('/help')] }),
      expectedStatus: 200,
      batch: 20,
    },
    {
      name: 'body-over',
      label: 'body 1 byte over the parser limit (4 MiB)',
      body: paddedBody('term:dev', '', 'x', BODY_LIMIT + 1),
      expectedStatus: 413,
      batch: 20,
    },
    {
      name: 'typed-baseline',
      label: 'baseline for typing: one character typed into a session',
      body: json({ model: 'term:sink', messages: [user('x')] }),
      expectedStatus: 200,
      batch: 10,
    },
    {
      name: 'typed-newlines',
      label: `typed: ${MAX_INPUT_BYTES - 1} line breaks then one character`,
      body: json({ model: 'term:sink', messages: [user(`${'\n'.repeat(MAX_INPUT_BYTES - 1)}x`)] }),
      expectedStatus: 200,
      batch: 10,
    },
  ];
}

async function send(bridge: BridgeUnderTest, body: Buffer): Promise<number> {
  const response = await fetch(`${bridge.baseUrl}/v1/chat/completions`, {
    method: 'POST',
    headers: { ...bridge.auth, 'Content-Type': 'application/json' },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

async function cpuPerRequest(
  bridge: BridgeUnderTest,
  shape: Shape,
): Promise<{ cpuMs: number; wallMs: number }> {
  for (let index = 0; index < 2; index += 1) {
    const status = await send(bridge, shape.body);
    if (status !== shape.expectedStatus)
      throw new Error(`${shape.name}: status ${status}, expected ${shape.expectedStatus}`);
  }
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let index = 0; index < shape.batch; index += 1) await send(bridge, shape.body);
  const used = process.cpuUsage(cpu);
  return {
    cpuMs: (used.user + used.system) / 1000 / shape.batch,
    wallMs: (performance.now() - started) / shape.batch,
  };
}

/** CPU milliseconds per call of `work`, over enough calls to measure. */
function cpuPerCall(work: () => unknown, calls: number): number {
  work();
  const cpu = process.cpuUsage();
  for (let index = 0; index < calls; index += 1) work();
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / 1000 / calls;
}

function patternRows(): string[] {
  const titleText = repeatTo(TITLE_PHRASE, 64 * 1024);
  const newlines = `${'\n'.repeat(64 * 1024)}x`;
  const wideLine = `[y/N]${' '.repeat(64 * 1024)}x`;
  const trailing = (text: string): string => {
    let end = text.length;
    while (end > 0 && text.charCodeAt(end - 1) === 0x0a) end -= 1;
    return text.slice(0, end);
  };
  const limits = { maxInputBytes: 1_048_576, maxMessages: MAX_MESSAGES };
  const rows: [string, number, number][] = [
    [
      'LibreChat title detection, 64 KiB title-detector shape',
      cpuPerCall(
        () =>
          /analyze this conversation and provide:[\s\S]*detected language[\s\S]*concise title/i.test(
            titleText,
          ),
        3,
      ),
      cpuPerCall(() => detectBackgroundRequest({ text: titleText }), 200),
    ],
    [
      'trailing line breaks of typed text, 64 KiB of line breaks then "x"',
      cpuPerCall(() => newlines.replace(/\n+$/, ''), 3),
      cpuPerCall(() => trailing(newlines), 200),
    ],
    [
      'y/n question on a 64 KiB screen line ("[y/N]", blanks, "x")',
      cpuPerCall(() => /(?:\[[yY]\/[nN]\]|\([yY]\/[nN]\)|\(yes\/no\))\s*[:?]?\s*$/.test(wideLine), 3),
      cpuPerCall(() => detectPermissionPrompt([wideLine], 'bash'), 200),
    ],
  ];
  const keyWord = `C-${'c'.repeat(1_000_000)}`;
  const request = { model: 'term:dev', messages: [user(repeatTo(TITLE_PHRASE, 1_000_000))] };
  return [
    '| pattern on hostile input | replaced pattern, CPU ms/call | now, CPU ms/call | ratio (replaced / now) |',
    '|---|---|---|---|',
    ...rows.map(
      ([label, before, after]) =>
        `| ${label} | ${before.toFixed(3)} | ${after.toFixed(4)} | ${(before / after).toFixed(0)}x |`,
    ),
    '',
    '| other readers of client text, 1 MB input | CPU ms/call |',
    '|---|---|',
    `| parseChatRequest, 1 MB title-detector shape (limit 1 MiB, accepted) | ${cpuPerCall(() => parseChatRequest(request, limits), 20).toFixed(3)} |`,
    `| parseKeySequence, one 1 MB word | ${cpuPerCall(() => parseKeySequence([keyWord]), 200).toFixed(4)} |`,
  ];
}

it('terminal bridge: CPU per hostile request against a baseline', async () => {
  const tmux = TmuxTestServer.create('hostile');
  const only = process.env['BENCH_SHAPES']?.split(',');
  const selected = shapes().filter(
    (shape) =>
      only === undefined ||
      shape.name.startsWith('baseline') ||
      shape.name.startsWith('typed-baseline') ||
      only.includes(shape.name),
  );
  const lines: string[] = [];
  try {
    await tmux.newSession('dev');
    // A program that reads everything typed and prints nothing: turns end at the first-output wait.
    await tmux.newSession('sink', 'stty raw -echo; exec cat > /dev/null');
    const bridge = await startBridge(BRIDGE_SERVICE, tmux, {
      TERM_BRIDGE_TAPS_PERSIST: 'false',
      TERM_BRIDGE_FIRST_OUTPUT_MS: '100',
      TERM_BRIDGE_ENTER_DELAY_MS: '0',
    });
    const results = new Map<string, { cpuMs: number; wallMs: number }>();
    try {
      for (const shape of selected) results.set(shape.name, await cpuPerRequest(bridge, shape));
    } finally {
      await bridge.close();
    }
    const baseline = results.get('baseline')?.cpuMs ?? NaN;
    const typedBaseline = results.get('typed-baseline')?.cpuMs ?? NaN;
    lines.push(
      '| request | body bytes | status | CPU ms/request | wall ms/request | ratio to its baseline |',
      '|---|---|---|---|---|---|',
      ...selected.map((shape) => {
        const result = results.get(shape.name) as { cpuMs: number; wallMs: number };
        const base = shape.name.startsWith('typed-') ? typedBaseline : baseline;
        return `| ${shape.label} | ${shape.body.length} | ${shape.expectedStatus} | ${result.cpuMs.toFixed(2)} | ${result.wallMs.toFixed(1)} | ${(result.cpuMs / base).toFixed(1)}x |`;
      }),
      '',
      ...(only === undefined ? patternRows() : []),
      '',
    );
    process.stdout.write(`\nhostile requests (Node ${process.version})\n${lines.join('\n')}`);
    expect(results.size).toBe(selected.length);
  } finally {
    await tmux.kill();
  }
});
