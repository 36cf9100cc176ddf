// The misbehaving stdio backend byte by byte: what exactly it writes to stdout and how its
// process ends, which the SDK client hides (it skips non-JSON lines, for instance).
import { afterEach, describe, expect, it } from '@jest/globals';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { isProcessGroupAlive, killProcessGroup, spawnProcessGroup } from '../support/process-group';
import { FALLBACK_PROTOCOL_VERSION, GARBAGE_LINE } from './misbehaving-backend.core.mjs';
import { misbehavingStdioBackendPath } from './misbehaving-stdio-backend.path';

interface RawBackend {
  readonly child: ChildProcess;
  send(message: unknown): void;
  /** The next complete stdout line, without its newline. */
  nextLine(): Promise<string>;
  /** Everything written to stdout so far. */
  stdout(): string;
  stderr(): string;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const started: ChildProcess[] = [];

function startRaw(env: Record<string, string> = {}): RawBackend {
  const child = spawnProcessGroup(process.execPath, [misbehavingStdioBackendPath()], {
    env: { PATH: process.env['PATH'] ?? '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  started.push(child);
  let stdout = '';
  let stderr = '';
  let consumed = 0;
  const waiters: (() => void)[] = [];
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
    waiters.splice(0).forEach((wake) => wake());
  });
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = once(child, 'exit').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }));
  void exited.then(() => waiters.splice(0).forEach((wake) => wake()));
  return {
    child,
    exited,
    stdout: () => stdout,
    stderr: () => stderr,
    send: (message) =>
      child.stdin?.write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`),
    nextLine: async () => {
      for (;;) {
        const end = stdout.indexOf('\n', consumed);
        if (end !== -1) {
          const line = stdout.slice(consumed, end);
          consumed = end + 1;
          return line;
        }
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(`exited; unread: ${stdout.slice(consumed)}`);
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
  };
}

const request = (id: unknown, method: string, params?: unknown) => ({ jsonrpc: '2.0', id, method, params });
const initialize = (id: unknown, protocolVersion: string, capabilities: object = {}) =>
  request(id, 'initialize', { protocolVersion, capabilities, clientInfo: { name: 'raw', version: '1' } });
const parsedLine = async (backend: RawBackend): Promise<unknown> =>
  JSON.parse(await backend.nextLine()) as unknown;

afterEach(async () => {
  for (const child of started.splice(0)) {
    await killProcessGroup(child, 200);
    expect(isProcessGroupAlive(child.pid ?? -1)).toBe(false);
  }
});

describe('misbehaving stdio backend on the wire', () => {
  it('answers initialize with the requested version when supported, else 2025-11-25, keeping the id type', async () => {
    const backend = startRaw();
    backend.send(initialize('a', '2024-11-05'));
    expect(await parsedLine(backend)).toMatchObject({
      id: 'a',
      result: { protocolVersion: '2024-11-05', serverInfo: { name: 'misbehaving-backend' } },
    });
    backend.send(initialize(2, '1999-01-01'));
    expect(await parsedLine(backend)).toMatchObject({
      id: 2,
      result: { protocolVersion: FALLBACK_PROTOCOL_VERSION },
    });
    expect(FALLBACK_PROTOCOL_VERSION).toBe('2025-11-25');
  });

  it('answers a line that is not JSON with a parse error and keeps serving', async () => {
    const backend = startRaw();
    backend.send('this is not json');
    expect(await parsedLine(backend)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error' },
    });
    backend.send(request(1, 'ping'));
    expect(await parsedLine(backend)).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });

  it('reports unknown methods, unknown tools and bad arguments as JSON-RPC errors', async () => {
    const backend = startRaw();
    backend.send(request(1, 'resources/list'));
    expect(await parsedLine(backend)).toMatchObject({ id: 1, error: { code: -32601 } });
    backend.send(request(2, 'tools/call', { name: 'nope' }));
    expect(await parsedLine(backend)).toMatchObject({
      id: 2,
      error: { code: -32602, message: 'Unknown tool: nope' },
    });
    backend.send(request(3, 'tools/call', { name: 'slow', arguments: { ms: 'soon' } }));
    expect(await parsedLine(backend)).toMatchObject({ id: 3, error: { code: -32602 } });
  });

  it('malformed writes the garbage line, then the real answer', async () => {
    const backend = startRaw();
    backend.send(request(1, 'tools/call', { name: 'malformed', arguments: {} }));
    expect(await backend.nextLine()).toBe(GARBAGE_LINE);
    expect(() => JSON.parse(GARBAGE_LINE) as unknown).toThrow(SyntaxError);
    expect(await parsedLine(backend)).toMatchObject({
      id: 1,
      result: { content: [{ text: 'answered after a malformed line' }] },
    });
  });

  it('crash writes half a line without a newline and exits with code 1', async () => {
    const backend = startRaw();
    backend.send(request(9, 'tools/call', { name: 'crash', arguments: {} }));
    expect(await backend.exited).toEqual({ code: 1, signal: null });
    const written = backend.stdout();
    expect(written.startsWith('{"jsonrpc":"2.0","id":9,')).toBe(true);
    expect(written.includes('\n')).toBe(false);
    expect(() => JSON.parse(written) as unknown).toThrow(SyntaxError);
  });

  it('notify carries the request progressToken unchanged', async () => {
    const backend = startRaw();
    backend.send(
      request(1, 'tools/call', {
        name: 'notify',
        arguments: { pauseMs: 0 },
        _meta: { progressToken: 'tok-1' },
      }),
    );
    expect(await parsedLine(backend)).toMatchObject({
      method: 'notifications/progress',
      params: { progressToken: 'tok-1', progress: 1 },
    });
    expect(await parsedLine(backend)).toMatchObject({
      method: 'notifications/message',
      params: { level: 'info' },
    });
    expect(await parsedLine(backend)).toMatchObject({ id: 1, result: {} });
  });

  it('sample sends sampling/createMessage and turns an error reply into a tool error', async () => {
    const backend = startRaw();
    backend.send(initialize(1, '2025-06-18', { sampling: {} }));
    await backend.nextLine();
    backend.send(request(2, 'tools/call', { name: 'sample', arguments: { prompt: 'hi' } }));
    const asked = (await parsedLine(backend)) as { id: unknown; method: string; params: unknown };
    expect(asked).toMatchObject({
      method: 'sampling/createMessage',
      params: { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }] },
    });
    backend.send({ jsonrpc: '2.0', id: asked.id, error: { code: -1, message: 'user declined' } });
    expect(await parsedLine(backend)).toMatchObject({
      id: 2,
      result: { isError: true, content: [{ text: 'sampling failed: user declined' }] },
    });
  });

  it('exits with code 0 when stdin closes', async () => {
    const backend = startRaw();
    backend.child.stdin?.end();
    expect(await backend.exited).toEqual({ code: 0, signal: null });
  });

  it('MCP_FAULTS_LINGER=1 survives stdin EOF and SIGTERM; killing the process group ends it', async () => {
    const backend = startRaw({ MCP_FAULTS_LINGER: '1' });
    backend.send(request(1, 'ping'));
    await backend.nextLine(); // it is up, its SIGTERM handler installed
    backend.child.stdin?.end();
    process.kill(-(backend.child.pid ?? 0), 'SIGTERM');
    while (!backend.stderr().includes('ignoring SIGTERM'))
      await new Promise((resolve) => setTimeout(resolve, 5));
    expect(isProcessGroupAlive(backend.child.pid ?? -1)).toBe(true);
    await killProcessGroup(backend.child, 200);
    expect(await backend.exited).toEqual({ code: null, signal: 'SIGKILL' });
  });

  it('MCP_FAULTS_MODE=malformed writes garbage before every answer, the handshake included', async () => {
    const backend = startRaw({ MCP_FAULTS_MODE: 'malformed' });
    backend.send(initialize(1, '2025-06-18'));
    expect(await backend.nextLine()).toBe(GARBAGE_LINE);
    expect(await parsedLine(backend)).toMatchObject({ id: 1, result: { protocolVersion: '2025-06-18' } });
  });

  it('refuses an unknown MCP_FAULTS_MODE with exit code 2', async () => {
    const backend = startRaw({ MCP_FAULTS_MODE: 'explode' });
    expect(await backend.exited).toEqual({ code: 2, signal: null });
    expect(backend.stderr()).toMatch(/MCP_FAULTS_MODE must be one of slow, never, crash, malformed/);
  });
});
