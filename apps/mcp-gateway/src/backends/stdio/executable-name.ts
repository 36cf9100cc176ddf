// Recognises what an executable word names (a shell, a loader, an interpreter, a package
// runner...) the way the operating system would find it: by its last path segment,
// case-insensitively, with Windows suffixes, version numbers (python3.12, perl5.36.0) and
// Debian alternative suffixes (vim.basic, sh.distrib) ignored.

export type ExecutableFamily =
  | 'shell'
  | 'loader'
  | 'command-runner'
  | 'repl'
  | 'node'
  | 'python'
  | 'deno'
  | 'bun'
  | 'npx'
  | 'npm'
  | 'uv'
  | 'uvx'
  | 'subcommand-runner'
  | 'perl'
  | 'ruby'
  | 'php'
  | 'awk'
  | 'sed'
  | 'lua'
  | 'tcl'
  | 'expect'
  | 'osascript'
  | 'other';

/** The families refused whatever their arguments, with the reason shown to operators. */
export const REFUSED_FAMILIES: ReadonlyMap<ExecutableFamily, string> = new Map<ExecutableFamily, string>([
  ['loader', 'the executable is the dynamic loader, which runs any program named in its arguments'],
  ['shell', 'the executable is a shell'],
  ['command-runner', 'the executable starts other programs or commands given in its arguments'],
  ['repl', 'the executable runs commands it reads from standard input, where client messages arrive'],
]);

/** The spec's six shells, then others that run a command string just the same. */
const SHELLS =
  'sh bash zsh cmd powershell pwsh ' +
  'dash ash ksh mksh lksh pdksh oksh loksh rbash yash fish csh tcsh posh rc es hush bosh ion ' +
  'osh ysh oil nu xonsh elvish busybox toybox command powershell_ise wsl';

/**
 * Programs that start another program named in their arguments (wrappers, sandboxes, process
 * supervisors), or run commands given in their options (`git -c alias.x=!cmd`,
 * `tar --checkpoint-action=exec=cmd`): they would hide the real program from the policy.
 */
const COMMAND_RUNNERS =
  'env sudo sudoedit doas su runuser pkexec runas xargs nohup setsid timeout nice ionice stdbuf ' +
  'chroot unshare nsenter script flock strace ltrace gdb lldb valgrind perf time watch exec eval ' +
  'start ssh find taskset chrt numactl prlimit setpriv capsh sg newgrp setarch linux32 linux64 ' +
  'arch catchsegv unbuffer firejail bwrap systemd-run systemd-nspawn flatpak-spawn proot fakeroot ' +
  'fakechroot faketime torsocks torify proxychains proxychains4 sshpass dbus-launch ' +
  'dbus-run-session xvfb-run cgexec chpst daemonize start-stop-daemon tini dumb-init gosu su-exec ' +
  'rlwrap entr watchexec parallel sem tmux screen at batch socat ncat nc netcat ' +
  'nodemon concurrently cross-env env-cmd dotenv npm-run-all run-p run-s pm2 forever ' +
  'git hg make gmake cmake tar bsdtar zip rsync scp caffeinate sandbox-exec open';

/** Programs that read commands from standard input (and can run other programs from there). */
const REPLS =
  'irb pry iex erl ghci jshell sqlite3 psql mysql mariadb ed ex vi vim nvim view rvim emacs ' +
  'dc m4 ftp sftp';

const FAMILY_LISTS: readonly (readonly [ExecutableFamily, string])[] = [
  ['shell', SHELLS],
  ['command-runner', COMMAND_RUNNERS],
  ['repl', REPLS],
  ['node', 'node nodejs tsx ts-node ts-node-esm ts-node-script'],
  ['python', 'python pythonw py pypy ipython'],
  ['deno', 'deno'],
  ['bun', 'bun'],
  ['npx', 'npx pnpx bunx'],
  ['npm', 'npm pnpm'],
  ['uv', 'uv'],
  ['uvx', 'uvx'],
  ['subcommand-runner', 'yarn corepack pipx poetry pdm hatch rye conda mamba micromamba pixi bundle bundler'],
  ['perl', 'perl'],
  ['ruby', 'ruby jruby truffleruby'],
  ['php', 'php php-cli'],
  ['awk', 'awk gawk mawk nawk original-awk one-true-awk bwk-awk goawk'],
  ['sed', 'sed gsed'],
  ['lua', 'lua luajit'],
  ['tcl', 'tclsh wish jimsh'],
  ['expect', 'expect'],
  ['osascript', 'osascript'],
];

const FAMILIES: ReadonlyMap<string, ExecutableFamily> = new Map(
  FAMILY_LISTS.flatMap(([family, names]) =>
    names.split(' ').map((name): [string, ExecutableFamily] => [name, family]),
  ),
);

/**
 * The dynamic loader's names: glibc (`ld-linux-x86-64.so.2`, `ld-linux.so.2`, `ld64.so.2`,
 * `ld-2.36.so`, `ld.so`), musl (`ld-musl-x86_64.so.1`, whose file is `libc.musl-*.so.1` or
 * `libc.so`). Run as a program, each runs the program named in its arguments.
 */
const LOADER_NAME = /^(ld(64)?([-.][^/\\]*)?\.so(\.\d+)*|libc(\.musl-[^/\\]*)?\.so(\.\d+)*)$/;

/** Extensions of script files: `sh.py` is a Python script, not `sh`. */
const SCRIPT_EXTENSIONS = new Set(
  'js mjs cjs ts mts cts jsx tsx py pyw rb pl pm php lua tcl sh bash zsh awk sed r jl'.split(' '),
);

/** `3.12`, `5.36.0`, `-2.1.0-beta3`, `3.13t` (free-threaded), `_1`. */
const VERSION_SUFFIX = /[-_]?\d+(\.\d+)*(-?(alpha|beta|rc)\d*)?[a-z]?$/;
/** Debian's multiarch names: `perl5.36-x86_64-linux-gnu`. */
const PLATFORM_SUFFIX =
  /-(x86_64|amd64|i[3-6]86|aarch64|arm64|arm[a-z0-9]*|riscv64|ppc64(le)?|powerpc64(le)?|s390x|mips[a-z0-9]*|loongarch64)-[a-z0-9_-]*$/;

export interface ExecutableName {
  /** Normalised name: NFKC, lower case, last path segment, no `.exe`, no version suffix. */
  readonly name: string;
  readonly family: ExecutableFamily;
}

export function classifyExecutable(word: string): ExecutableName {
  const segments = word.normalize('NFKC').toLowerCase().split(/[\\/]/);
  // Windows ignores trailing dots and spaces ("cmd.exe." runs cmd.exe).
  let base = (segments[segments.length - 1] ?? '').replace(/[. ]+$/, '');
  // Batch files always run through cmd.exe.
  if (/\.(bat|cmd)$/.test(base)) return { name: base, family: 'shell' };
  if (LOADER_NAME.test(base)) return { name: base, family: 'loader' };
  base = base.replace(/\.(exe|com)$/, '');
  for (const candidate of nameCandidates(base)) {
    const family = FAMILIES.get(candidate);
    if (family !== undefined) return { name: candidate, family };
  }
  return { name: base, family: 'other' };
}

/**
 * The name as is, without its platform and version, and before a Debian-style `.suffix`
 * (vim.basic, sh.distrib).
 */
function nameCandidates(base: string): string[] {
  const bare = base.replace(PLATFORM_SUFFIX, '');
  const candidates = [base, bare, bare.replace(VERSION_SUFFIX, '')];
  const dot = bare.indexOf('.');
  if (dot > 0 && !SCRIPT_EXTENSIONS.has(bare.slice(dot + 1))) {
    const beforeDot = bare.slice(0, dot);
    candidates.push(beforeDot, beforeDot.replace(VERSION_SUFFIX, ''));
  }
  return candidates.filter((candidate) => candidate !== '');
}

/**
 * The command a package specification runs (`@scope/pkg@1.2` → `pkg`, `pkg==1.0` → `pkg`,
 * `pkg[extra]` → `pkg`), so `npx node@20 -e …` is judged as `node -e …`.
 */
export function packageCommandName(specification: string): string {
  const withoutScope = specification.replace(/^@[^/]*\//, '');
  const withoutProtocol = withoutScope.replace(/^(npm|jsr):/i, '').replace(/^@[^/]*\//, '');
  return withoutProtocol.split(/[@=<>~![]/)[0] ?? withoutProtocol;
}
