// Carries out the steps planImage() read from a Dockerfile, in folders instead of image layers:
// the build stage in a clean copy of the build context, the runtime stage in a folder standing for
// the image's root file system (docs/decisions/056-images-verified-from-bundles.md).
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { basename, join, relative } from 'node:path';

/**
 * The build stage in `buildRoot` (standing for the stage's `/`): the COPY steps from `context`
 * (minus what .dockerignore excludes), the workspace's `npm ci` stood in for by the workspace's own
 * node_modules (installed by `npm ci` from the same package-lock.json), the other RUN steps run.
 */
export function reproduceBuild(plan, { context, buildRoot, log }) {
  const ignored = dockerIgnore(context);
  for (const step of plan.steps) {
    if (step.kind === 'copy-context') {
      for (const source of step.sources) {
        const from = join(context, source);
        if (!existsSync(from) || ignored(source)) {
          throw new Error(`COPY ${source}: not in the build context (or excluded by .dockerignore)`);
        }
        const to = join(
          buildRoot,
          step.intoFolder && !isFolder(from) ? join(step.destination, basename(source)) : step.destination,
        );
        cpSync(from, to, {
          recursive: true,
          filter: (path) => !ignored(relative(context, path)),
        });
      }
    } else if (step.kind === 'install-workspace') {
      const modules = join(buildRoot, plan.workdir, 'node_modules');
      if (!existsSync(modules)) symlinkSync(join(context, 'node_modules'), modules, 'dir');
    } else {
      run('sh', ['-c', step.command], { cwd: join(buildRoot, step.cwd), env: process.env, log });
    }
  }
}

/**
 * The runtime stage in `imageRoot` (standing for the image's `/`): files copied from the build
 * stage, its npm commands run as written (npm's cache in `npmCache`, the stage's ENV applied), its
 * folders made. Returns the folders it gave to the image's user (`chown`).
 */
export function reproduceRuntime(plan, { buildRoot, imageRoot, npmCache, log }) {
  const owned = [];
  mkdirSync(join(imageRoot, plan.workdir), { recursive: true });
  for (const step of plan.steps) {
    if (step.kind === 'copy-build') {
      for (const source of step.sources) {
        const from = join(buildRoot, source);
        if (!existsSync(from))
          throw new Error(`COPY --from=build ${source}: the build stage made no such file`);
        const into = step.intoFolder && !isFolder(from);
        cpSync(from, join(imageRoot, into ? join(step.destination, basename(source)) : step.destination), {
          recursive: true,
        });
      }
    } else if (step.kind === 'npm') {
      mkdirSync(npmCache, { recursive: true });
      // This machine's npm settings (registry, proxy, certificates), as a builder passes its own;
      // a cache of this run's own, which the stage's `npm cache clean` may empty.
      const env = { ...process.env, npm_config_cache: npmCache, ...plan.env };
      run('sh', ['-c', step.command], { cwd: join(imageRoot, step.cwd), env, log });
    } else if (step.kind === 'mkdir') {
      mkdirSync(join(imageRoot, step.path), { recursive: true });
    } else if (step.kind === 'chown') {
      owned.push(step.path);
    }
  }
  return owned;
}

/** The image as deployed: nothing in it writable, except the folders that belong to its user. */
export function makeReadOnly(imageRoot, ownedFolders, user) {
  spawnSync('chmod', ['-R', 'a-w', imageRoot], { stdio: 'inherit' });
  for (const folder of ownedFolders) {
    const path = join(imageRoot, folder);
    chmodSync(path, 0o755);
    if (user !== undefined) spawnSync('chown', ['-R', `${user.uid}:${user.gid}`, path], { stdio: 'inherit' });
  }
}

/** A matcher for .dockerignore: patterns from the context root, `*`, `**` and `?`, no exceptions. */
export function dockerIgnore(context) {
  const file = join(context, '.dockerignore');
  const patterns = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '' && !line.startsWith('#'))
    : [];
  if (patterns.some((pattern) => pattern.startsWith('!'))) {
    throw new Error('.dockerignore: exceptions (!pattern) are not reproduced by verify-image');
  }
  const expressions = patterns.map((pattern) => {
    const body = pattern
      .replace(/^\/+|\/+$/g, '')
      .split('**')
      .map((part) =>
        part
          .replace(/[.+^${}()|[\]\\]/g, '\\$&')
          .replace(/\*/g, '[^/]*')
          .replace(/\?/g, '[^/]'),
      )
      .join('.*');
    return new RegExp(`^${body}(/|$)`);
  });
  return (path) => path !== '' && expressions.some((expression) => expression.test(path));
}

function isFolder(path) {
  return statSync(path).isDirectory();
}

/** Runs a step, its output into `log`; a failed step throws with the tail of its output. */
function run(command, args, { cwd, env, log }) {
  log.write(`$ (in ${cwd}) ${args.at(-1)}\n`);
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  log.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
  if (result.status !== 0) {
    const tail = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-20).join('\n');
    throw new Error(`\`${args.at(-1)}\` failed (exit ${result.status ?? result.signal}):\n${tail}`);
  }
}
