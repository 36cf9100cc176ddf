#!/usr/bin/env node
// The misbehaving MCP backend over stdio: newline-delimited JSON-RPC on stdin/stdout, logs on
// stderr. Tool names choose the misbehaviour (README.md); the environment can add one for every
// request: MCP_FAULTS_MODE=slow|never|crash|malformed (MCP_FAULTS_DELAY_MS for slow, 1000 by
// default), and MCP_FAULTS_LINGER=1 ignores stdin EOF and SIGTERM (only SIGKILL ends it).
import { createInterface } from 'node:readline';
import { createMisbehavingBackend, MODES } from './misbehaving-backend.core.mjs';

const mode = process.env.MCP_FAULTS_MODE || undefined;
if (mode !== undefined && !MODES.includes(mode)) {
  process.stderr.write(`misbehaving-backend: MCP_FAULTS_MODE must be one of ${MODES.join(', ')}\n`);
  process.exit(2);
}
const linger = process.env.MCP_FAULTS_LINGER === '1';

const backend = createMisbehavingBackend(
  {
    transport: 'stdio',
    mode,
    modeDelayMs: Number(process.env.MCP_FAULTS_DELAY_MS ?? 1000),
    apiKey: process.env.API_KEY,
  },
  {
    message: (message) => process.stdout.write(`${JSON.stringify(message)}\n`),
    garbage: (text) => process.stdout.write(`${text}\n`),
    // The callback runs once the half line is flushed, so the reader really gets it.
    crash: (partial) => process.stdout.write(partial, () => process.exit(1)),
    stderr: (line) => process.stderr.write(`${line}\n`),
  },
);

const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
lines.on('line', (line) => {
  if (line.trim() === '') return;
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    process.stdout.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } })}\n`,
    );
    return;
  }
  backend.receive(message);
});

if (linger) {
  process.on('SIGTERM', () => process.stderr.write('misbehaving-backend: ignoring SIGTERM\n'));
  setInterval(() => undefined, 60_000);
} else {
  // Like most stdio servers: the client closing stdin ends the process once output is flushed.
  lines.on('close', () => backend.close());
}
