// The stdio policy judges the files a command resolves to, not only its words: links to shells,
// loaders and interpreters, /proc targets, shared objects under any name, programs that runners
// start; and, in allow-list mode, only the configured executables run.
import { parseAllowedCommands, type AllowedCommands } from './allowed-commands';
import type { ExecutableResolver, ResolvedExecutable } from './executable-resolver';
import { checkStdioCommandLine } from './stdio-policy';
import type { StdioPolicyRule } from './stdio-policy.types';

/** A file system as the resolver would see it: word → paths (the real path last). */
function resolverOf(files: Record<string, readonly string[] | ResolvedExecutable>): ExecutableResolver {
  const table = new Map(Object.entries(files));
  return (word) => {
    const entry = table.get(word);
    if (entry === undefined) return undefined;
    if ('paths' in entry) return entry;
    const paths = entry as readonly string[];
    return { paths, realPath: paths[paths.length - 1], sharedObject: false };
  };
}

const FILES = resolverOf({
  node: ['/usr/bin/node'],
  '/usr/bin/node': ['/usr/bin/node'],
  npx: ['/usr/bin/npx', '/usr/lib/node_modules/npm/bin/npx-cli.js'],
  python3: ['/usr/bin/python3', '/usr/bin/python3.11'],
  '/usr/bin/python3': ['/usr/bin/python3', '/usr/bin/python3.11'],
  'python3.11': ['/usr/bin/python3.11'],
  '/tmp/server': ['/tmp/server', '/usr/bin/sh', '/usr/bin/dash'],
  '/opt/mcp/server': ['/opt/mcp/server', '/usr/bin/perl5.36.0'],
  '/opt/mcp/busy': ['/opt/mcp/busy', '/usr/bin/busybox'],
  '/opt/mcp/runner': ['/opt/mcp/runner', '/usr/bin/env'],
  '/opt/mcp/self': ['/opt/mcp/self', '/proc/self/exe'],
  '../../proc/self/exe': ['/proc/self/exe'],
  '/opt/mcp/fd': ['/opt/mcp/fd', '/proc/self/fd/3'],
  '/opt/mcp/loader': ['/opt/mcp/loader', '/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2'],
  '/opt/mcp/copy': { paths: ['/opt/mcp/copy'], realPath: '/opt/mcp/copy', sharedObject: true },
  mcpserver: ['/usr/local/bin/mcpserver', '/usr/bin/bash'],
  '/srv/mcp/server': ['/srv/mcp/server'],
});

function refusal(
  commandLine: string,
  options: { allowedCommands?: AllowedCommands } = {},
): { rule: StdioPolicyRule; token: string } | undefined {
  const result = checkStdioCommandLine(commandLine, { resolve: FILES, ...options });
  return result.ok ? undefined : { rule: result.violation.rule, token: result.violation.token };
}

describe('checkStdioCommandLine with resolution', () => {
  it.each([
    'node server.js',
    'npx -y @modelcontextprotocol/server-everything stdio',
    'python3 -m mcp_server_fetch',
    '/srv/mcp/server --stdio',
    '/opt/mcp/server server.pl',
  ])('accepts %j', (commandLine) => {
    expect(refusal(commandLine)).toBeUndefined();
  });

  it.each<[string, StdioPolicyRule, string]>([
    ['/tmp/server -c id', 'shell-executable', '/tmp/server'],
    ['/opt/mcp/busy sh', 'shell-executable', '/opt/mcp/busy'],
    ['/opt/mcp/runner -S id', 'command-runner', '/opt/mcp/runner'],
    ['/opt/mcp/self -e x', 'pseudo-file-executable', '/opt/mcp/self'],
    ['../../proc/self/exe -e x', 'pseudo-file-executable', '../../proc/self/exe'],
    ['/opt/mcp/fd', 'pseudo-file-executable', '/opt/mcp/fd'],
    ['/opt/mcp/loader /bin/sh', 'loader-executable', '/opt/mcp/loader'],
    ['/opt/mcp/copy /bin/sh', 'loader-executable', '/opt/mcp/copy'],
    ['/opt/mcp/server -e x', 'interpreter-code', '-e'],
    ['/opt/mcp/server', 'interpreter-code', ''],
    // Programs started by runners are resolved too.
    ['npx -y mcpserver', 'shell-executable', 'mcpserver'],
    ['uv run /tmp/server -c id', 'shell-executable', '/tmp/server'],
    ['poetry run /opt/mcp/server -e x', 'interpreter-code', '-e'],
  ])('refuses %j (%s)', (commandLine, rule, token) => {
    expect(refusal(commandLine)).toEqual({ rule, token });
  });

  it('names the file a link resolves to', () => {
    const result = checkStdioCommandLine('/tmp/server -c id', { resolve: FILES });
    expect(result.ok ? '' : result.violation.message).toBe(
      'stdio command refused (shell-executable): the executable is a shell (it resolves to /usr/bin/sh): "/tmp/server"',
    );
  });
});

describe('allow-list mode (GATEWAY_STDIO_ALLOWED_COMMANDS)', () => {
  function allowList(text: string): AllowedCommands {
    const parsed = parseAllowedCommands(text);
    if (!parsed.ok || parsed.allowed === undefined) throw new Error(`not an allow-list: ${text}`);
    return parsed.allowed;
  }

  const allowedCommands = allowList('node, /usr/bin/python3, /srv/mcp/server');

  it.each([
    'node server.js',
    '/usr/bin/node server.js',
    'python3.11 -m mcp_server_fetch',
    'python3 server.py',
    '/srv/mcp/server --stdio',
  ])('accepts %j: written as an entry, or the same real file as one', (commandLine) => {
    expect(refusal(commandLine, { allowedCommands })).toBeUndefined();
  });

  it.each<[string, StdioPolicyRule, string]>([
    ['npx -y @modelcontextprotocol/server-everything', 'command-not-allowed', 'npx'],
    ['/opt/mcp/server server.pl', 'command-not-allowed', '/opt/mcp/server'],
    ['uvx mcp-server-fetch', 'command-not-allowed', 'uvx'],
    // An allowed program is still subject to every other rule.
    ['node -e x', 'interpreter-code', '-e'],
    ['python3 -c x', 'interpreter-code', '-c'],
  ])('refuses %j (%s)', (commandLine, rule, token) => {
    expect(refusal(commandLine, { allowedCommands })).toEqual({ rule, token });
  });

  it('says which setting refused the command and what it resolves to', () => {
    const result = checkStdioCommandLine('npx -y x', { resolve: FILES, allowedCommands });
    expect(result.ok ? '' : result.violation.message).toBe(
      'stdio command refused (command-not-allowed): the executable is not in GATEWAY_STDIO_ALLOWED_COMMANDS ' +
        '(it resolves to /usr/lib/node_modules/npm/bin/npx-cli.js): "npx"',
    );
  });

  it('matches bare names by the word alone when nothing can be resolved', () => {
    const only = allowList('mcp-server-x');
    expect(checkStdioCommandLine('mcp-server-x --stdio', { allowedCommands: only }).ok).toBe(true);
    expect(checkStdioCommandLine('/tmp/mcp-server-x --stdio', { allowedCommands: only }).ok).toBe(false);
  });
});

describe('parseAllowedCommands', () => {
  it('reads bare names and absolute paths, ignoring blanks and empty entries', () => {
    expect(parseAllowedCommands(' node , /usr/bin/npx,,uvx, ')).toEqual({
      ok: true,
      allowed: { entries: ['node', '/usr/bin/npx', 'uvx'] },
    });
    expect(parseAllowedCommands(undefined)).toEqual({ ok: true });
    expect(parseAllowedCommands('  ')).toEqual({ ok: true });
  });

  it.each([
    ['bash', 'is refused by the stdio policy whatever the allow-list says: the executable is a shell'],
    ['/usr/bin/sh', 'is refused by the stdio policy whatever the allow-list says: the executable is a shell'],
    ['/lib64/ld-linux-x86-64.so.2', 'the dynamic loader'],
    ['env', 'starts other programs'],
    ['/proc/self/exe', 'is under /proc or /dev'],
    ['bin/server', 'must be a bare name (found in PATH) or an absolute path'],
    ['/opt/*/server', 'holds a character no entry may hold'],
    ['node;id', 'holds a character no entry may hold'],
    ['-e', 'is not a program name'],
  ])('refuses the entry %j', (entry, problem) => {
    const parsed = parseAllowedCommands(`node,${entry}`);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.problems).toHaveLength(1);
      expect(parsed.problems[0]).toContain(`GATEWAY_STDIO_ALLOWED_COMMANDS: ${JSON.stringify(entry)}`);
      expect(parsed.problems[0]).toContain(problem);
    }
  });
});
