// Reads a service's Dockerfile into the steps verify-image.mjs reproduces without a container
// engine (docs/decisions/056-images-verified-from-bundles.md). The Dockerfile stays the one
// description of the image: every instruction of both stages is either turned into a step here or
// refused with its line number, so an image step the check cannot reproduce fails the check
// instead of being skipped.
//
//   planImage(text) → { baseImage, build: {...}, runtime: {...} }

/** Splits a Dockerfile into instructions: continuation lines joined, comments and blanks dropped. */
export function parseDockerfile(text) {
  const instructions = [];
  let pending = '';
  let startLine = 0;
  text.split('\n').forEach((raw, index) => {
    const line = raw.trimEnd();
    // Comment lines end nowhere, even inside a continued instruction (Docker drops them too).
    if (/^\s*#/.test(line) || (pending === '' && line.trim() === '')) return;
    if (pending === '') startLine = index + 1;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1).trim()} `;
      return;
    }
    const whole = `${pending}${line.trim()}`.trim();
    pending = '';
    const match = /^(\S+)\s*(.*)$/.exec(whole);
    if (match) instructions.push({ line: startLine, keyword: match[1].toUpperCase(), value: match[2] });
  });
  if (pending !== '') throw new Error(`line ${startLine}: the instruction never ends (trailing backslash)`);
  return instructions;
}

/** The image the Dockerfile describes, as the steps of its `build` and `runtime` stages. */
export function planImage(text) {
  const args = new Map();
  const stages = [];
  for (const instruction of parseDockerfile(text)) {
    if (instruction.keyword === 'ARG' && stages.length === 0) {
      const [name, value = ''] = splitOnce(instruction.value, '=');
      args.set(name, value);
    } else if (instruction.keyword === 'FROM') {
      const match = /^(\S+)\s+AS\s+(\S+)$/i.exec(instruction.value);
      if (!match) fail(instruction, 'every stage must be named: FROM <image> AS <name>');
      const image = match[1].replace(/\$\{(\w+)\}|\$(\w+)/g, (_, a, b) => args.get(a ?? b) ?? '');
      stages.push({ name: match[2], image, instructions: [] });
    } else if (stages.length === 0) {
      fail(instruction, 'only ARG may come before the first FROM');
    } else {
      stages.at(-1).instructions.push(instruction);
    }
  }
  const names = stages.map((stage) => stage.name).join(', ');
  if (names !== 'build, runtime') throw new Error(`expected the stages build, runtime; found ${names}`);
  const [build, runtime] = stages;
  if (build.image !== runtime.image) throw new Error('the build and runtime stages must use one base image');
  return { baseImage: runtime.image, build: planBuild(build), runtime: planRuntime(runtime) };
}

/**
 * The build stage: copies from the build context into the workspace, the workspace's `npm ci`
 * (reproduced by the workspace's own node_modules, installed from the same lock file), and the
 * commands that build the bundle.
 */
function planBuild(stage) {
  const plan = { workdir: '/', steps: [] };
  for (const instruction of stage.instructions) {
    switch (instruction.keyword) {
      case 'WORKDIR':
        plan.workdir = resolvePath(plan.workdir, instruction.value);
        break;
      case 'COPY': {
        const { flags, words } = copyArguments(instruction);
        if (Object.keys(flags).length > 0)
          fail(instruction, 'the build stage copies from the build context only');
        plan.steps.push({ kind: 'copy-context', ...copyPaths(words, plan.workdir) });
        break;
      }
      case 'RUN':
        plan.steps.push(
          /^npm ci(\s|$)/.test(instruction.value)
            ? { kind: 'install-workspace', command: instruction.value }
            : { kind: 'run', command: instruction.value, cwd: plan.workdir },
        );
        break;
      default:
        fail(instruction, `verify-image does not reproduce ${instruction.keyword} in the build stage`);
    }
  }
  return plan;
}

/**
 * The runtime stage: the system packages it installs, its environment, the files it copies from
 * the build stage, the commands it runs there (npm only), the directories it creates for its
 * user, and how it starts.
 */
function planRuntime(stage) {
  const plan = {
    packages: [],
    env: {},
    workdir: '/',
    steps: [],
    user: undefined,
    volumes: [],
    exposedPorts: [],
    healthcheck: undefined,
    entrypoint: [],
    cmd: [],
  };
  for (const instruction of stage.instructions) {
    switch (instruction.keyword) {
      case 'RUN':
        for (const command of instruction.value.split(/\s*&&\s*/))
          planRuntimeCommand(plan, instruction, command);
        break;
      case 'ENV':
        Object.assign(plan.env, envAssignments(instruction));
        break;
      case 'WORKDIR':
        plan.workdir = resolvePath(plan.workdir, instruction.value);
        break;
      case 'COPY': {
        const { flags, words } = copyArguments(instruction);
        if (flags.from !== 'build' || Object.keys(flags).length !== 1) {
          fail(instruction, 'the runtime stage copies from the build stage only (COPY --from=build)');
        }
        plan.steps.push({ kind: 'copy-build', ...copyPaths(words, plan.workdir) });
        break;
      }
      case 'USER':
        plan.user = instruction.value;
        break;
      case 'VOLUME':
        plan.volumes.push(...instruction.value.split(/\s+/));
        break;
      case 'EXPOSE':
        plan.exposedPorts.push(...instruction.value.split(/\s+/).map((port) => Number(port.split('/')[0])));
        break;
      case 'HEALTHCHECK': {
        const match = /\bCMD\s+(\[.*\])\s*$/.exec(instruction.value);
        if (!match) fail(instruction, 'the health check must be HEALTHCHECK ... CMD ["exec", "form"]');
        plan.healthcheck = jsonForm(instruction, match[1]);
        break;
      }
      case 'ENTRYPOINT':
        plan.entrypoint = jsonForm(instruction, instruction.value);
        break;
      case 'CMD':
        plan.cmd = jsonForm(instruction, instruction.value);
        break;
      default:
        fail(instruction, `verify-image does not reproduce ${instruction.keyword} in the runtime stage`);
    }
  }
  if (plan.user === undefined) throw new Error('the runtime stage never leaves root: add USER');
  for (const step of plan.steps.filter(
    (candidate) => candidate.kind === 'chown' && candidate.owner !== plan.user,
  )) {
    throw new Error(
      `chown ${step.owner} ${step.path}: a folder the image makes must belong to its USER (${plan.user})`,
    );
  }
  return plan;
}

/** One `&&`-separated command of a runtime RUN: the only kinds the check knows how to reproduce. */
function planRuntimeCommand(plan, instruction, command) {
  const words = command.trim().split(/\s+/);
  if (command === 'apt-get update' || command === 'rm -rf /var/lib/apt/lists/*') return;
  if (words[0] === 'apt-get' && words[1] === 'install') {
    plan.packages.push(...words.slice(2).filter((word) => !word.startsWith('-')));
  } else if (words[0] === 'npm') {
    plan.steps.push({ kind: 'npm', command, cwd: plan.workdir });
  } else if (words[0] === 'mkdir' && words[1] === '-p' && words.length === 3) {
    plan.steps.push({ kind: 'mkdir', path: resolvePath(plan.workdir, words[2]) });
  } else if (words[0] === 'chown' && words.length === 3) {
    plan.steps.push({ kind: 'chown', owner: words[1], path: resolvePath(plan.workdir, words[2]) });
  } else {
    fail(instruction, `verify-image does not know how to reproduce \`${command}\` in the runtime stage`);
  }
}

function copyArguments(instruction) {
  const words = instruction.value.split(/\s+/);
  const flags = {};
  while (words[0]?.startsWith('--')) {
    const [name, value] = splitOnce(words.shift().slice(2), '=');
    flags[name] = value;
  }
  if (words.length < 2) fail(instruction, 'COPY needs a source and a destination');
  return { flags, words };
}

/** Docker's rules: several sources, or a destination ending in `/`, mean "into this folder". */
function copyPaths(words, workdir) {
  const destination = resolvePath(workdir, words.at(-1));
  return {
    sources: words.slice(0, -1),
    destination,
    intoFolder: words.length > 2 || words.at(-1).endsWith('/') || words.at(-1) === '.',
  };
}

function envAssignments(instruction) {
  const assignments = {};
  for (const match of instruction.value.matchAll(/(\w+)=("[^"]*"|\S*)/g)) {
    assignments[match[1]] = match[2].replace(/^"(.*)"$/, '$1');
  }
  if (Object.keys(assignments).length === 0) fail(instruction, 'ENV must be written NAME=value');
  return assignments;
}

function jsonForm(instruction, text) {
  try {
    const value = JSON.parse(text);
    if (Array.isArray(value) && value.every((word) => typeof word === 'string')) return value;
  } catch {
    // reported below
  }
  return fail(instruction, `${instruction.keyword} must use the exec form, a JSON array of strings`);
}

function resolvePath(workdir, path) {
  const absolute = path.startsWith('/') ? path : `${workdir.replace(/\/$/, '')}/${path}`;
  const parts = [];
  for (const part of absolute.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '' && part !== '.') parts.push(part);
  }
  return `/${parts.join('/')}`;
}

function splitOnce(text, separator) {
  const index = text.indexOf(separator);
  return index === -1 ? [text] : [text.slice(0, index), text.slice(index + 1)];
}

function fail(instruction, message) {
  throw new Error(`line ${instruction.line}: ${message}: ${instruction.keyword} ${instruction.value}`);
}
