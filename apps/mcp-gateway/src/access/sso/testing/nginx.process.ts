// For tests only: a real nginx (Debian's nginx-light or nginx) run unprivileged-style from a
// temporary prefix: its own config, pid file, logs and temp paths, listening on a Unix socket
// so no port can clash. The server block's content is the caller's (the README recipe).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { accessSync, constants, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

/** Where Debian installs nginx, which is not on an unprivileged user's PATH. */
const SBIN_DIRECTORIES = ['/usr/sbin', '/usr/local/sbin', '/usr/local/nginx/sbin'];
const READY_ATTEMPTS = 200;
const READY_INTERVAL_MS = 25;

/** The nginx executable: NGINX_BINARY, else the first `nginx` on PATH or in the sbin folders. */
export function findNginx(environment: NodeJS.ProcessEnv = process.env): string | undefined {
  const explicit = environment['NGINX_BINARY'];
  if (explicit !== undefined && explicit !== '') return explicit;
  const directories = [...(environment['PATH'] ?? '').split(delimiter), ...SBIN_DIRECTORIES];
  for (const directory of directories.filter((entry) => entry !== '')) {
    const candidate = join(directory, 'nginx');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here; try the next folder.
    }
  }
  return undefined;
}

export interface ProxyAnswer {
  readonly status: number;
  readonly body: string;
}

export interface NginxProcess {
  /** Sends a request to nginx; `headers` may be a flat name/value list to repeat a header. */
  request(method: string, path: string, headers: OutgoingHttpHeaders | string[]): Promise<ProxyAnswer>;
  stop(): Promise<void>;
}

/** Starts nginx with `serverBlock` inside `server { }`; resolves once it accepts connections. */
export async function startNginx(binary: string, serverBlock: string): Promise<NginxProcess> {
  const prefix = mkdtempSync(join(tmpdir(), 'nginx-recipe-'));
  const socketPath = join(prefix, 'nginx.sock');
  const errorLog = join(prefix, 'error.log');
  const config = join(prefix, 'nginx.conf');
  writeFileSync(config, nginxConfig(prefix, socketPath, errorLog, serverBlock));
  const child = spawn(binary, ['-p', prefix, '-c', config, '-e', errorLog, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  try {
    await waitUntilListening(child, socketPath, () => `${stderr}${readLog(errorLog)}`);
  } catch (error) {
    await stopProcess(child);
    rmSync(prefix, { recursive: true, force: true });
    throw error;
  }
  return {
    request: (method, path, headers) => requestOverSocket(socketPath, method, path, headers),
    stop: async () => {
      await stopProcess(child);
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

function nginxConfig(prefix: string, socketPath: string, errorLog: string, serverBlock: string): string {
  // A master running as root hands workers to `nobody`, who could not use the temp folders.
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  return `${user}
worker_processes 1;
pid ${join(prefix, 'nginx.pid')};
error_log ${errorLog} warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${join(prefix, 'client_body')};
  proxy_temp_path ${join(prefix, 'proxy')};
  fastcgi_temp_path ${join(prefix, 'fastcgi')};
  uwsgi_temp_path ${join(prefix, 'uwsgi')};
  scgi_temp_path ${join(prefix, 'scgi')};
  server {
    listen unix:${socketPath};
    server_name mcp.example.internal;
${serverBlock}
  }
}
`;
}

async function waitUntilListening(
  child: ChildProcess,
  socketPath: string,
  output: () => string,
): Promise<void> {
  for (let attempt = 0; attempt < READY_ATTEMPTS; attempt += 1) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`nginx exited before it was ready:\n${output()}`);
    }
    if (await accepts(socketPath)) return;
    await new Promise((resolve) => setTimeout(resolve, READY_INTERVAL_MS));
  }
  throw new Error(`nginx did not accept connections on ${socketPath}:\n${output()}`);
}

function accepts(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function requestOverSocket(
  socketPath: string,
  method: string,
  path: string,
  headers: OutgoingHttpHeaders | string[],
): Promise<ProxyAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ socketPath, method, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

function readLog(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
