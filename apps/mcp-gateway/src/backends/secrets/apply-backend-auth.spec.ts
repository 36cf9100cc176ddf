import type { AuthShape } from '../backend-server';
import { AUTH_SHAPES } from '../backend-server';
import { applyBackendAuth } from './apply-backend-auth';

describe('applyBackendAuth', () => {
  it.each<[AuthShape, string | undefined, unknown]>([
    ['bearer', undefined, { headers: { Authorization: 'Bearer s3cret' }, query: {} }],
    ['x-api-key', undefined, { headers: { 'X-Api-Key': 's3cret' }, query: {} }],
    ['raw', undefined, { headers: { Authorization: 's3cret' }, query: {} }],
    ['custom-header', 'X-Service-Token', { headers: { 'X-Service-Token': 's3cret' }, query: {} }],
    ['query', 'api_key', { headers: {}, query: { api_key: 's3cret' } }],
  ])('places the secret for %s', (shape, parameter, expected) => {
    expect(applyBackendAuth(shape, 's3cret', parameter)).toEqual({ ok: true, ...(expected as object) });
  });

  it('encodes user:password for basic, splitting at the first colon', () => {
    const result = applyBackendAuth('basic', 'alice:pa:ss wörd');
    expect(result).toEqual({
      ok: true,
      headers: { Authorization: `Basic ${Buffer.from('alice:pa:ss wörd', 'utf8').toString('base64')}` },
      query: {},
    });
    expect(applyBackendAuth('basic', ':token-only')).toMatchObject({ ok: true });
  });

  it('refuses a basic secret without a colon, without quoting it', () => {
    const result = applyBackendAuth('basic', 'no-colon-here');
    expect(result).toEqual({
      ok: false,
      problem: 'invalid-secret',
      message: "the basic auth shape needs the secret as user:password, and it contains no ':'",
    });
  });

  it.each(AUTH_SHAPES)('refuses secrets with CR, LF, NUL or other controls for %s', (shape) => {
    for (const secret of [
      'abc\r\nX-Evil: 1',
      'abc\ndef',
      'abc\rdef',
      'abc\u0000def',
      'a:b\u001bc',
      'a:b\u007f',
    ]) {
      const result = applyBackendAuth(shape, secret, 'X-Token');
      expect(result).toMatchObject({ ok: false, problem: 'invalid-secret' });
      expect(JSON.stringify(result)).not.toContain('X-Evil');
    }
  });

  it('refuses an empty secret', () => {
    expect(applyBackendAuth('bearer', '')).toMatchObject({ ok: false, message: 'the secret is empty' });
  });

  it('refuses header values HTTP cannot carry unchanged, but allows them where they are encoded', () => {
    expect(applyBackendAuth('x-api-key', 'clé-€')).toMatchObject({ ok: false, problem: 'invalid-secret' });
    expect(applyBackendAuth('x-api-key', ' padded')).toMatchObject({ ok: false, problem: 'invalid-secret' });
    expect(applyBackendAuth('query', 'clé-€', 'key')).toMatchObject({ ok: true, query: { key: 'clé-€' } });
    expect(applyBackendAuth('basic', 'user:clé-€')).toMatchObject({ ok: true });
  });

  it.each([
    [undefined, 'needs authParameter'],
    ['', 'needs authParameter'],
    ['X Token', 'not a valid header name'],
    ['X-Token:', 'not a valid header name'],
    ['X-Token\r\nX-Evil', 'not a valid header name'],
    ['Host', 'managed by the gateway'],
    ['content-length', 'managed by the gateway'],
    ['Transfer-Encoding', 'managed by the gateway'],
    ['Connection', 'managed by the gateway'],
    ['Keep-Alive', 'managed by the gateway'],
    ['Mcp-Session-Id', 'managed by the gateway'],
  ])('refuses the custom header name %j', (name, message) => {
    const result = applyBackendAuth('custom-header', 's3cret', name);
    expect(result).toMatchObject({
      ok: false,
      problem: 'invalid-parameter',
      message: expect.stringContaining(message),
    });
    expect(JSON.stringify(result)).not.toContain('s3cret');
  });

  it('shows a hostile header name escaped in the message', () => {
    const result = applyBackendAuth('custom-header', 's3cret', 'X\r\nEvil');
    expect(!result.ok && result.message).toContain('"X\\r\\nEvil"');
  });

  it.each([undefined, '', 'api key', 'key=1', 'a&b', 'x'.repeat(129)])(
    'refuses the query parameter name %j',
    (name) => {
      expect(applyBackendAuth('query', 's3cret', name)).toMatchObject({
        ok: false,
        problem: 'invalid-parameter',
      });
    },
  );

  it('keeps a __proto__ custom header as a plain header', () => {
    const result = applyBackendAuth('custom-header', 's3cret', '__proto__');
    expect(result.ok && Object.keys(result.headers)).toEqual(['__proto__']);
  });
});
