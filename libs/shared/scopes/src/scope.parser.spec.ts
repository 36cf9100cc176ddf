import fc from 'fast-check';
import { formatScope } from './scope.formatter';
import { MAX_SCOPE_LENGTH, isValidScope, normalizeScope, parseScope } from './scope.parser';
import type { ParsedScope, ValidScope } from './scope.types';
import { SERVER_ID_PATTERN, isValidServerId } from './server-id.validator';

// fast-check cannot generate from the pattern's lookahead, so generate its superset and filter.
const serverIds = fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,63}$/).filter(isValidServerId);

/** Any scope the grammar accepts, written with any of its aliases and in any case. */
const validScopeTexts = fc.oneof(
  fc.constantFrom('*', 'all', 'mcp_client', ' ALL ', 'Mcp_Client'),
  serverIds.map((id) => `server:${id}`),
  serverIds.filter((id) => id !== 'all' && id !== 'mcp_client'),
  fc
    .tuple(
      fc.constantFrom('category', 'group', 'tool', 'prompt', 'resource', 'resource_template', 'template'),
      fc.string({ minLength: 1, maxLength: 40 }).filter((value) => value.trim().length > 0),
    )
    .map(([prefix, value]) => `${prefix}:${value}`),
  fc.webUrl().map((uri) => `resource:${uri}`),
);

/** Known prefixes in front of arbitrary Unicode, so that many generated texts do parse. */
const prefixes = fc.constantFrom('', 'server:', 'group:', 'template:', 'tool:', 'resource:', 'İ', 'tool:İ');

function expectValid(scope: ParsedScope): ValidScope {
  if (!isValidScope(scope)) {
    throw new Error(`expected a valid scope, got: ${scope.reason}`);
  }
  return scope;
}

describe('parseScope', () => {
  it.each([
    ['*', { kind: 'global' }],
    ['all', { kind: 'global' }],
    ['  MCP_CLIENT ', { kind: 'global' }],
    ['server:media', { kind: 'server', serverId: 'media' }],
    ['Media-Server_2', { kind: 'server', serverId: 'media-server_2' }],
    ['category:Home Automation', { kind: 'category', category: 'home automation' }],
    ['group:media', { kind: 'category', category: 'media' }],
    ['category: media ', { kind: 'category', category: 'media' }],
    ['tool:Media__Search', { kind: 'tool', target: 'media__search' }],
    ['prompt:media__summary', { kind: 'prompt', target: 'media__summary' }],
    ['resource:mcp://media/movies/1', { kind: 'resource', target: 'mcp://media/movies/1' }],
    ['resource_template:mcp://media/{id}', { kind: 'resource_template', target: 'mcp://media/{id}' }],
    ['template:mcp://media/{id}', { kind: 'resource_template', target: 'mcp://media/{id}' }],
    ['completion:media__summary', { kind: 'completion', target: 'media__summary' }],
  ])('parses %p', (raw, expected) => {
    expect(parseScope(raw)).toEqual(expected);
  });

  it.each([
    ['', 'must not be empty'],
    ['   ', 'must not be empty'],
    ['tool:', 'needs a value'],
    ['category:   ', 'needs a value'],
    ['admin:everything', "unknown scope prefix 'admin:'"],
    ['mcp://media/x', "unknown scope prefix 'mcp:'"],
    ['media server', 'neither a known scope nor a valid server id'],
    ['-media', 'neither a known scope nor a valid server id'],
    ['server:Bad Id', "'bad id' is not a valid server id"],
    ['server:' + 'a'.repeat(65), 'is not a valid server id'],
    ['tool:a\u0000b', 'control characters'],
    ['tool:a\u009bb', 'control characters'],
    ['tool:' + 'x'.repeat(MAX_SCOPE_LENGTH), `at most ${MAX_SCOPE_LENGTH} characters`],
  ])('rejects %p', (raw, reason) => {
    const parsed = parseScope(raw);
    expect(parsed.kind).toBe('invalid');
    expect(parsed.kind === 'invalid' && parsed.reason).toContain(reason);
  });

  it('rejects a scope whose canonical form would exceed the cap', () => {
    const value = 'x'.repeat(MAX_SCOPE_LENGTH - 'template:'.length);
    expect(parseScope(`template:${value}`).kind).toBe('invalid');
    expect(parseScope(`resource:${value}`).kind).toBe('resource');
  });

  it('lowercases ASCII letters only: other letters stay as typed, so look-alikes stay apart', () => {
    expect(parseScope('tool:İ')).toEqual({ kind: 'tool', target: 'İ' });
    expect(parseScope('TOOL:Files__\u212Aill')).toEqual({ kind: 'tool', target: 'files__\u212Aill' });
    expect(parseScope('category:\uFF2Bids')).toEqual({ kind: 'category', category: '\uFF2Bids' });
  });

  it('trims ASCII whitespace only: a trailing no-break space is part of the name', () => {
    expect(parseScope(' tool: x\u00a0 ')).toEqual({ kind: 'tool', target: 'x\u00a0' });
  });

  it('does not echo a huge input back in full', () => {
    const parsed = parseScope('x'.repeat(100_000));
    expect(parsed.kind === 'invalid' && parsed.input.length).toBeLessThan(100);
  });

  it.each([undefined, null, 42, {}, ['*']])('rejects the non-string %p', (raw) => {
    expect(parseScope(raw)).toMatchObject({ kind: 'invalid', reason: 'a scope must be a string' });
  });

  it('never throws, whatever the input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.anything()), (raw) => {
        expect(() => parseScope(raw)).not.toThrow();
      }),
    );
  });

  it('accepts every valid scope text, in any case and with surrounding whitespace', () => {
    fc.assert(
      fc.property(validScopeTexts, fc.constantFrom('', ' ', '\t'), (text, pad) => {
        expect(parseScope(`${pad}${text.toUpperCase()}${pad}`)).toEqual(parseScope(text));
        expect(isValidScope(parseScope(text))).toBe(true);
      }),
    );
  });
});

describe('normalizeScope', () => {
  it('trims and lowercases', () => {
    expect(normalizeScope('  Server:Media\n')).toBe('server:media');
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (raw) => {
        const once = normalizeScope(raw);
        expect(normalizeScope(once)).toBe(once);
      }),
    );
  });
});

describe('formatScope', () => {
  it.each([
    ['all', '*'],
    ['media', 'server:media'],
    ['group:media', 'category:media'],
    ['template:mcp://media/{id}', 'resource_template:mcp://media/{id}'],
    ['TOOL:Media__Search', 'tool:media__search'],
  ])('gives %p the canonical text %p', (raw, canonical) => {
    expect(formatScope(expectValid(parseScope(raw)))).toBe(canonical);
  });

  it('round-trips through parseScope', () => {
    fc.assert(
      fc.property(validScopeTexts, (text) => {
        const parsed = expectValid(parseScope(text));
        expect(parseScope(formatScope(parsed))).toEqual(parsed);
      }),
    );
  });

  it('round-trips every parse of arbitrary text that succeeds', () => {
    fc.assert(
      fc.property(prefixes, fc.string({ unit: 'binary', maxLength: 600 }), (prefix, value) => {
        const parsed = parseScope(prefix + value);
        if (isValidScope(parsed)) {
          expect(parseScope(formatScope(parsed))).toEqual(parsed);
        }
      }),
    );
  });
});

describe('isValidServerId', () => {
  it.each(['a', 'media', 'plex-1', 'my_server', 'a-', 'a_-', '0', 'a'.repeat(64)])('accepts %p', (id) => {
    expect(isValidServerId(id)).toBe(true);
    expect(SERVER_ID_PATTERN.test(id)).toBe(true);
  });

  it.each(['', 'Media', '-a', '_a', 'a b', 'a/b', 'a:b', 'a'.repeat(65), 42, null])('rejects %p', (id) => {
    expect(isValidServerId(id)).toBe(false);
  });

  // Both would make `<id>__<name>` ambiguous when split on the first `__`.
  it.each(['a__b', 'media__', 'a_', 'media_server_'])('rejects the ambiguous namespace %p', (id) => {
    expect(isValidServerId(id)).toBe(false);
  });

  it('checks a huge candidate quickly', () => {
    const started = performance.now();
    expect(isValidServerId('a_'.repeat(500_000))).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
