// Recognises what an executable word names (a shell, an interpreter, a package runner...)
// the way the operating system would find it: by its last path segment, case-insensitively,
// with Windows suffixes and version numbers (python3.12, node20) ignored.

export type ExecutableFamily =
  'shell' | 'command-runner' | 'node' | 'python' | 'deno' | 'bun' | 'npx' | 'npm' | 'uv' | 'uvx' | 'other';

/** The spec's six shells, then others that run a command string just the same. */
const SHELLS = (
  'sh bash zsh cmd powershell pwsh ' +
  'dash ash ksh mksh rbash yash fish csh tcsh nu xonsh elvish busybox command powershell_ise wsl'
).split(' ');

/** Programs whose job is to run another program: they would hide the real one from the policy. */
const COMMAND_RUNNERS = (
  'env sudo doas su runuser pkexec runas xargs nohup setsid timeout nice ionice stdbuf chroot unshare ' +
  'nsenter script flock strace ltrace gdb time watch exec eval start ssh find'
).split(' ');

const FAMILIES: ReadonlyMap<string, ExecutableFamily> = new Map<string, ExecutableFamily>([
  ...SHELLS.map((name): [string, ExecutableFamily] => [name, 'shell']),
  ...COMMAND_RUNNERS.map((name): [string, ExecutableFamily] => [name, 'command-runner']),
  ['node', 'node'],
  ['nodejs', 'node'],
  ['python', 'python'],
  ['pythonw', 'python'],
  ['py', 'python'],
  ['pypy', 'python'],
  ['deno', 'deno'],
  ['bun', 'bun'],
  ['npx', 'npx'],
  ['pnpx', 'npx'],
  ['bunx', 'npx'],
  ['npm', 'npm'],
  ['pnpm', 'npm'],
  ['uv', 'uv'],
  ['uvx', 'uvx'],
]);

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
  base = base.replace(/\.(exe|com)$/, '');
  const withoutVersion = base.replace(/[-_]?\d+(\.\d+)*$/, '');
  const family = FAMILIES.get(base) ?? FAMILIES.get(withoutVersion) ?? 'other';
  return { name: family === 'other' ? base : withoutVersion || base, family };
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
