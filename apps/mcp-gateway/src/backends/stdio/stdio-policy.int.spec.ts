// The command lines issue 15 found running, and their neighbours, on this machine: each one is
// first run directly to show that it really executes a command here (it creates a marker
// file), then given to StdioChild, which must refuse it before spawning anything (no pid, no
// marker). Programs not installed here are still refused; only their direct run is skipped.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { parseCommandLine } from './command-line.parser';
import { StdioChild } from './stdio-child';
import { DYNAMIC_LOADER } from './stdio-child.spec-fixtures';
import type { StdioPolicyRule } from './stdio-policy.types';

interface HostileCase {
  readonly name: string;
  /** The command line; `M` stands for the marker file it creates when it runs. */
  readonly line: string;
  readonly rule: StdioPolicyRule;
  /** What the program reads on standard input (the gateway writes client messages there). */
  readonly input?: string;
}

const directory = mkdtempSync(join(tmpdir(), 'stdio-hostile-'));
const loader = DYNAMIC_LOADER ?? '/lib64/ld-linux-x86-64.so.2';
const versionedPerls = readdirSync('/usr/bin').filter((name) => /^perl5[\d.]+(-[a-z0-9_-]+)?$/.test(name));
const JS_TOUCH = `'require("fs").writeFileSync("M","")'`;
const PERL_TOUCH = '"system(q(touch M))"';
const AWK_TOUCH = `'BEGIN{system("touch M")}'`;

const CASES: readonly HostileCase[] = [
  {
    name: 'the dynamic loader running a shell',
    line: `${loader} /bin/sh -c "touch M"`,
    rule: 'loader-executable',
  },
  {
    name: 'the dynamic loader running a program',
    line: `${loader} /usr/bin/touch M`,
    rule: 'loader-executable',
  },
  {
    name: 'a copy of the loader in /tmp',
    line: `${directory}/mcp-server /usr/bin/touch M`,
    rule: 'loader-executable',
  },
  {
    name: 'a link to the loader in /tmp',
    line: `${directory}/linked-server /usr/bin/touch M`,
    rule: 'loader-executable',
  },
  { name: '/proc/self/exe', line: `/proc/self/exe -e ${JS_TOUCH}`, rule: 'pseudo-file-executable' },
  {
    name: "the gateway's /proc/<pid>/exe",
    line: `/proc/${process.pid}/exe -e ${JS_TOUCH}`,
    rule: 'pseudo-file-executable',
  },
  {
    name: 'a link to /proc/self/exe',
    line: `${directory}/to-self -e ${JS_TOUCH}`,
    rule: 'pseudo-file-executable',
  },
  { name: 'perl -e', line: `perl -e ${PERL_TOUCH}`, rule: 'interpreter-code' },
  ...versionedPerls.map((name): HostileCase => ({
    name: `${name} -e`,
    line: `${name} -e ${PERL_TOUCH}`,
    rule: 'interpreter-code',
  })),
  {
    name: 'perl -M with an import list',
    line: `perl "-MPOSIX (system q(touch M))" ${directory}/empty.pl`,
    rule: 'interpreter-code',
  },
  { name: 'a link to perl', line: `${directory}/server -e ${PERL_TOUCH}`, rule: 'interpreter-code' },
  { name: 'awk program text', line: `awk ${AWK_TOUCH}`, rule: 'interpreter-code' },
  { name: 'gawk program text', line: `gawk ${AWK_TOUCH}`, rule: 'interpreter-code' },
  { name: 'mawk program text', line: `mawk ${AWK_TOUCH}`, rule: 'interpreter-code' },
  { name: 'nawk program text', line: `nawk ${AWK_TOUCH}`, rule: 'interpreter-code' },
  { name: 'gawk -W source=', line: `gawk -W 'source=BEGIN{system("touch M")}'`, rule: 'interpreter-code' },
  { name: 'sed e command', line: `sed -n "1e touch M" ${directory}/one-line.txt`, rule: 'interpreter-code' },
  { name: 'tclsh reading standard input', line: 'tclsh', input: 'exec touch M\n', rule: 'interpreter-code' },
  { name: 'python3 -c', line: `python3 -c "__import__('os').system('touch M')"`, rule: 'interpreter-code' },
  { name: 'node -e', line: `${process.execPath} -e ${JS_TOUCH}`, rule: 'interpreter-code' },
  { name: 'env -S', line: 'env -S "touch M"', rule: 'command-runner' },
  { name: 'env --split-string', line: '/usr/bin/env "--split-string=touch M"', rule: 'command-runner' },
  { name: 'nice', line: 'nice touch M', rule: 'command-runner' },
  { name: 'timeout', line: 'timeout 5 touch M', rule: 'command-runner' },
  { name: 'stdbuf', line: 'stdbuf -o0 touch M', rule: 'command-runner' },
  { name: 'setsid', line: 'setsid -w touch M', rule: 'command-runner' },
  { name: 'nohup', line: 'nohup touch M', rule: 'command-runner' },
  { name: 'xargs', line: 'xargs touch M', input: '', rule: 'command-runner' },
  { name: 'taskset', line: 'taskset 1 touch M', rule: 'command-runner' },
  { name: 'chroot', line: 'chroot / /usr/bin/touch M', rule: 'command-runner' },
  { name: '/usr/bin/sh (a link to dash)', line: '/usr/bin/sh -c "touch M"', rule: 'shell-executable' },
  { name: 'rbash', line: 'rbash -c "touch M"', rule: 'shell-executable' },
  { name: 'a link to sh made in /tmp', line: `${directory}/helper -c "touch M"`, rule: 'shell-executable' },
];

function withMarker(line: string, marker: string): string {
  return line.replaceAll(/\bM\b/g, marker);
}

/** Runs the command line directly: 'ran' when it created its marker, 'missing' when not installed. */
function runDirectly(
  line: string,
  input: string | undefined,
  marker: string,
): 'ran' | 'missing' | 'did-not-run' {
  const parsed = parseCommandLine(line);
  if (!parsed.ok) throw new Error(`unparsable: ${line}`);
  const [executable = '', ...args] = parsed.tokens;
  const run = spawnSync(executable, args, { input: input ?? '', timeout: 20_000, cwd: directory });
  const error = run.error as NodeJS.ErrnoException | undefined;
  if (error?.code === 'ENOENT') return 'missing';
  const ran = existsSync(marker);
  rmSync(marker, { force: true });
  return ran ? 'ran' : 'did-not-run';
}

describe('stdio policy on this machine', () => {
  beforeAll(() => {
    copyFileSync(loader, join(directory, 'mcp-server'));
    symlinkSync(loader, join(directory, 'linked-server'));
    symlinkSync('/proc/self/exe', join(directory, 'to-self'));
    symlinkSync('/usr/bin/perl', join(directory, 'server'));
    symlinkSync('/usr/bin/sh', join(directory, 'helper'));
    writeFileSync(join(directory, 'empty.pl'), '');
    writeFileSync(join(directory, 'one-line.txt'), 'line\n');
    writeFileSync(join(directory, 'touch.js'), 'require("fs").writeFileSync(process.argv[2], "")\n');
    spawnSync('chmod', ['755', join(directory, 'mcp-server')]);
  });

  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('starts a harmless server, so a marker proves a spawn', async () => {
    const marker = join(directory, 'control');
    const child = new StdioChild({
      serverId: 'control',
      commandLine: `"${process.execPath}" "${join(directory, 'touch.js')}" "${marker}"`,
    });
    const result = await child.start({ kind: 'none' });
    expect(result.ok).toBe(true);
    await new Promise<void>((resolve) => child.once('exit', () => resolve()));
    expect(existsSync(marker)).toBe(true);
  });

  it.each(CASES.map((each, index) => [each.name, each, index] as const))(
    'refuses %s before spawning anything',
    async (_name, { line, rule, input }, index) => {
      const marker = join(directory, `marker-${index}`);
      const commandLine = withMarker(line, marker);
      // The command line really runs a command on this machine when nothing stands in its way.
      const stdin = input === undefined ? undefined : withMarker(input, marker);
      expect(['ran', 'missing']).toContain(runDirectly(commandLine, stdin, marker));
      const child = new StdioChild({ serverId: 'hostile', commandLine, cwd: directory });
      const result = await child.start({ kind: 'none' });
      expect(result).toMatchObject({ ok: false, failure: { kind: 'security', violation: { rule } } });
      expect(child.pid).toBeUndefined();
      expect(child.state).toBe('failed');
      await delay(50);
      expect(existsSync(marker)).toBe(false);
    },
  );
});
