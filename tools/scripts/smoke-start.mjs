#!/usr/bin/env node
// Checks the README's start command end to end: `npm start` on a fresh data directory
// brings all three services to ready, each answers /health, the summary says where the first
// administrator key was printed (and never prints it twice) and what to read next, Nest's
// start-up narration stays out of the info log, and Ctrl-C (SIGINT) stops everything with exit
// code 0. Prints how long start-up took. Used by .ci/run.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVICES } from './services.mjs';

const READY_TIMEOUT_MS = 240_000;
const STOP_TIMEOUT_MS = 60_000;
const dataDir = mkdtempSync(join(tmpdir(), 'smoke-start-'));
const ports = { MCP_GATEWAY_PORT: '18080', CURATION_API_PORT: '18081', TERM_BRIDGE_PORT: '18082' };
const startedAt = Date.now();

const child = spawn('npm', ['start'], {
  env: { ...process.env, ...ports, DATA_DIR: dataDir, DATABASE_URL: '' },
  stdio: ['ignore', 'pipe', 'inherit'],
  detached: true,
});
let output = '';
const ready = new Promise((resolve, reject) => {
  const timer = setTimeout(
    () => reject(new Error('services did not become ready in time')),
    READY_TIMEOUT_MS,
  );
  child.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    output += chunk.toString();
    // The summary's last line: everything before it has been printed.
    if (output.includes('press Ctrl-C to stop')) {
      clearTimeout(timer);
      resolve();
    }
  });
  child.on('exit', (code) => reject(new Error(`npm start exited early with code ${code}`)));
});

try {
  await ready;
  const readySeconds = (Date.now() - startedAt) / 1000;
  checkStartupOutput(output);
  for (const service of SERVICES) {
    const port = ports[service.portVariable];
    const body = await (await fetch(`http://127.0.0.1:${port}/health`)).json();
    if (body.status !== 'healthy' || body.service !== service.name) {
      throw new Error(`${service.name} /health answered ${JSON.stringify(body)}`);
    }
  }
  const exitCode = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('services did not stop in time')), STOP_TIMEOUT_MS);
    child.removeAllListeners('exit');
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? signal);
    });
  });
  // Ctrl-C in a terminal signals the whole foreground process group.
  process.kill(-child.pid, 'SIGINT');
  const code = await exitCode;
  // npm re-raises the SIGINT it received (a shell shows 130); what matters is that every
  // service drained and stopped by itself and nothing is left listening.
  if (code !== 0 && code !== 130 && code !== 'SIGINT')
    throw new Error(`npm start exited with ${code} after SIGINT`);
  for (const service of SERVICES) {
    if (!new RegExp(`\\[${service.name}\\]\\s+.*"msg":"stopped in \\d+ ms"`).test(output)) {
      throw new Error(`${service.name} did not report a clean stop`);
    }
    const port = ports[service.portVariable];
    const stillUp = await fetch(`http://127.0.0.1:${port}/health`).then(
      () => true,
      () => false,
    );
    if (stillUp) throw new Error(`${service.name} still answers on port ${port} after SIGINT`);
  }
  console.log(
    `smoke: npm start (build included) ready in ${readySeconds.toFixed(1)}s; stopped cleanly on SIGINT`,
  );
} catch (error) {
  console.error(`smoke: ${error.message}`);
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
  process.exitCode = 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

/** What a newcomer reads: the key once, where it was, the next step; no per-route narration. */
function checkStartupOutput(text) {
  const keys = text.match(/mcp-adm-[0-9a-f]+-[0-9a-f]+/g) ?? [];
  if (keys.length !== 1)
    throw new Error(`the administrator key was printed ${keys.length} times, expected once`);
  if (!text.includes('mcp-gateway printed its first administrator key above')) {
    throw new Error('the ready summary does not say where the administrator key was printed');
  }
  if (!text.includes('next: README.md')) throw new Error('the ready summary names no next step');
  if (/"context":"(RouterExplorer|RoutesResolver|InstanceLoader)"/.test(text)) {
    throw new Error("Nest's start-up narration is logged at info");
  }
}
