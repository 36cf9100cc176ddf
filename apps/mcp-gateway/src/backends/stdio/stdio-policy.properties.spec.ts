// Invariants of the stdio policy over hostile input (fast-check): it never throws, nothing it
// accepts holds a forbidden character, and shells or inline-code flags are refused however
// they are spelled, quoted or pathed.
import fc from 'fast-check';
import { parseCommandLine } from './command-line.parser';
import { checkStdioCommandLine, FORBIDDEN_CHARACTERS } from './stdio-policy';
import { STDIO_POLICY_RULES } from './stdio-policy.types';

const FULLWIDTH_OFFSET = 0xfee0; // 'a' (U+0061) → 'ａ' (U+FF41); ';' → '；'
const toFullwidth = (char: string): string => String.fromCharCode(char.charCodeAt(0) + FULLWIDTH_OFFSET);

/** Fragments that matter to the policy, so random lines often come close to the boundary. */
const FRAGMENTS = [
  ...'node npx python uvx uv run deno bun x sh bash cmd.exe /bin/ C:\\ timeit server.js'.split(' '),
  ...'-e -c -m -p -r --eval --call --import - -- ='.split(' '),
  ...Array.from('   \t"\'\\；＄\u202e\u0000é'),
  ...FORBIDDEN_CHARACTERS,
  ...['ｓｈ', '🙂'],
];
const hostileLine = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 14 }).map((parts) => parts.join(''));
const anyLine = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), hostileLine);

const ACCEPTED = [
  'node server.js --port 8080',
  'npx -y @modelcontextprotocol/server-filesystem "/home/user/my docs"',
  "python -m mcp_server_fetch --user-agent 'agent 1'",
  'uvx mcp-server-git --repository /srv/repo',
];

/** A word written in a random mix of bare, single-quoted and double-quoted pieces. */
function quotedWord(word: string): fc.Arbitrary<string> {
  return fc
    .array(fc.constantFrom<'bare' | 'single' | 'double'>('bare', 'single', 'double'), {
      minLength: word.length,
      maxLength: word.length,
    })
    .map((styles) =>
      [...word]
        .map((char, index) =>
          styles[index] === 'single' ? `'${char}'` : styles[index] === 'double' ? `"${char}"` : char,
        )
        .join(''),
    );
}

describe('stdio policy properties', () => {
  it('never throws and always names a known rule', () => {
    fc.assert(
      fc.property(anyLine, (line) => {
        const result = checkStdioCommandLine(line);
        if (!result.ok) expect(STDIO_POLICY_RULES).toContain(result.violation.rule);
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts nothing that holds a forbidden or control character in any word, even after NFKC', () => {
    fc.assert(
      fc.property(anyLine, (line) => {
        const result = checkStdioCommandLine(line);
        if (!result.ok) return;
        const parsed = parseCommandLine(line);
        expect(parsed.ok).toBe(true);
        for (const word of [result.command.executable, ...result.command.args]) {
          for (const form of [word, word.normalize('NFKC')]) {
            for (const forbidden of FORBIDDEN_CHARACTERS) expect(form).not.toContain(forbidden);
            expect(form).not.toMatch(/[\p{Cc}\p{Cf}]/u);
          }
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses every forbidden character (and its full-width look-alike) in every position', () => {
    for (const base of ACCEPTED) expect(checkStdioCommandLine(base).ok).toBe(true);
    for (const base of ACCEPTED) {
      for (let position = 0; position <= base.length; position += 1) {
        for (const char of FORBIDDEN_CHARACTERS) {
          const looksAlike = char.charCodeAt(0) > 0x20 ? [char, toFullwidth(char)] : [char];
          for (const inserted of looksAlike) {
            const line = base.slice(0, position) + inserted + base.slice(position);
            const result = checkStdioCommandLine(line);
            expect({ line, rule: result.ok ? 'accepted' : result.violation.rule }).toEqual({
              line,
              rule: 'forbidden-character',
            });
          }
        }
      }
    }
  });

  it('refuses shells by name or path, in any case, full-width or with Windows suffixes', () => {
    const shell = fc.constantFrom('sh', 'bash', 'zsh', 'cmd', 'powershell', 'pwsh');
    const spelled = fc
      .tuple(
        shell,
        fc.array(fc.constantFrom('lower', 'upper', 'fullwidth'), { minLength: 10, maxLength: 10 }),
      )
      .map(([name, cases]) =>
        [...name]
          .map((char, index) =>
            cases[index] === 'upper'
              ? char.toUpperCase()
              : cases[index] === 'fullwidth'
                ? toFullwidth(char)
                : char,
          )
          .join(''),
      );
    const prefix = fc.constantFrom('', '/bin/', '/usr/bin/', './', 'C:\\Windows\\System32\\', '/opt/x y/');
    const suffix = fc.constantFrom('', '.exe', '.EXE', '.exe.');
    const args = fc.constantFrom('', ' -c id', ' script', ' /c dir');
    fc.assert(
      fc.property(prefix, spelled, suffix, args, (before, name, after, rest) => {
        const line = `"${before}${name}${after}"${rest}`;
        const result = checkStdioCommandLine(line);
        expect(result.ok ? 'accepted' : result.violation.rule).toBe('shell-executable');
      }),
    );
  });

  it('refuses inline-code flags however they are quoted, behind any interpreter path', () => {
    const cases = [
      ...'-e --eval -p --print -r --require --import --loader --experimental-loader --inspect'
        .split(' ')
        .map((flag) => ['node', flag]),
      ...'nodejs:-e python:-c python3:-c python3.11:-c npx:-c npx:--call npx:--node-options pnpx:--shell-mode'
        .split(' ')
        .map((pair) => pair.split(':')),
      ...'bun:-e bun:--eval deno:eval deno:repl bun:exec'.split(' ').map((pair) => pair.split(':')),
    ] as [string, string][];
    const prefix = fc.constantFrom(
      '',
      '/usr/bin/',
      '/home/me/.nvm/versions/node/v20/bin/',
      'C:\\Program Files\\node\\',
    );
    fc.assert(
      fc.property(
        fc
          .constantFrom(...cases)
          .chain(([interpreter, flag]) =>
            fc.tuple(prefix, fc.constant(interpreter), quotedWord(flag), fc.constantFrom('', '.exe', '.EXE')),
          ),
        ([before, interpreter, flag, suffix]) => {
          const line = `"${before}${interpreter}${suffix}" ${flag} payload server.js`;
          const result = checkStdioCommandLine(line);
          expect(result.ok ? 'accepted' : result.violation.rule).toBe('interpreter-code');
        },
      ),
    );
  });

  it('refuses the same flags when a package runner starts the interpreter', () => {
    const runner = fc.constantFrom(
      'npx -y',
      'npx --yes --package node',
      'bunx',
      'uvx --from x',
      'uv run',
      'npm exec --',
    );
    const inner = fc.constantFrom(
      'node -e x',
      'node --eval=x',
      'python -c x',
      'python3 -m timeit x',
      'bash x',
      'sh -c x',
    );
    fc.assert(
      fc.property(runner, inner, (outer, program) => {
        expect(checkStdioCommandLine(`${outer} ${program}`).ok).toBe(false);
      }),
    );
  });
});
