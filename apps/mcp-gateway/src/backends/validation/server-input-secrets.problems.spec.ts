import { validateServerInput } from './server-input.validator';

const sse = { id: 'media', url: 'https://media.lan/sse', type: 'sse' };
const stdio = { id: 'files', url: 'mcp-files /data', type: 'stdio' };
const environment = { secretProvider: 'Environment', secretItemKey: 'MEDIA_TOKEN' };

function problemsOf(raw: unknown): string[] {
  const result = validateServerInput(raw);
  return result.ok ? [] : result.problems;
}

describe('validateServerInput: secret, auth and header problems', () => {
  it.each<[string, Record<string, unknown>, string]>([
    [
      'Environment without secretItemKey',
      { ...sse, secretProvider: 'Environment' },
      'secretItemKey: is required with secretProvider "Environment" (the variable holding the secret)',
    ],
    [
      'secretItemKey not a variable name',
      { ...sse, ...environment, secretItemKey: 'my-token' },
      'secretItemKey: must be an environment variable name (letters, digits and "_", not starting with a digit)',
    ],
    [
      'secretItemKey naming a gateway setting',
      { ...sse, ...environment, secretItemKey: 'GATEWAY_VAULT_TOKEN' },
      "secretItemKey: variables starting with GATEWAY_ hold the gateway's own settings and cannot be a server's secret",
    ],
    [
      'File without secretPath',
      { ...sse, secretProvider: 'File' },
      'secretPath: is required with secretProvider "File" (an absolute file path)',
    ],
    [
      'File with a relative path',
      { ...sse, secretProvider: 'File', secretPath: 'secrets/media' },
      'secretPath: must be an absolute file path with secretProvider "File"',
    ],
    [
      'Vault without secretPath',
      { ...sse, secretProvider: 'Vault', secretField: 'token' },
      'secretPath: is required with secretProvider "Vault" (the KV v2 path)',
    ],
    [
      'Vault without secretField',
      { ...sse, secretProvider: 'Vault', secretPath: 'kv/media' },
      'secretField: is required with secretProvider "Vault" (the field inside the secret)',
    ],
    [
      'Vault path with ".."',
      { ...sse, secretProvider: 'Vault', secretPath: 'kv/../sys', secretField: 't' },
      'secretPath: must be a Vault KV v2 path without spaces, "?", "#", "%", "\\", "." or ".." segments',
    ],
    [
      'secretPath with provider None',
      { ...sse, secretPath: '/run/secrets/x' },
      'secretPath: is not used with secretProvider "None"',
    ],
    [
      'secretField with provider File',
      { ...sse, secretProvider: 'File', secretPath: '/s', secretField: 'x' },
      'secretField: is not used with secretProvider "File"',
    ],
    [
      'secretItemKey with File on a network server',
      { ...sse, secretProvider: 'File', secretPath: '/s', secretItemKey: 'API_KEY' },
      'secretItemKey: is not used with secretProvider "File" (for File and Vault only by stdio servers)',
    ],
    [
      'secretField with a NUL',
      { ...sse, secretProvider: 'Vault', secretPath: 'kv/a', secretField: 'to\u0000ken' },
      'secretField: must not contain control characters',
    ],
    [
      'custom-header without authParameter',
      { ...sse, authShape: 'custom-header' },
      'authParameter: is required with authShape "custom-header"',
    ],
    [
      'query without authParameter',
      { ...sse, authShape: 'query' },
      'authParameter: is required with authShape "query"',
    ],
    [
      'authParameter with bearer',
      { ...sse, authParameter: 'token' },
      'authParameter: is only used with authShape "custom-header" or "query"',
    ],
    [
      'query parameter with "&"',
      { ...sse, authShape: 'query', authParameter: 'a&b' },
      'authParameter: must be 1 to 128 of A-Z, a-z, 0-9, ".", "_", "~" and "-" for authShape "query"',
    ],
    [
      'headersJson not JSON',
      { ...sse, headersJson: '{X-A: 1}' },
      'headersJson: must be a JSON object of header names to string values, not text that is not a JSON object',
    ],
    [
      'headersJson an array',
      { ...sse, headersJson: '["X-A"]' },
      'headersJson: must be a JSON object of header names to string values, not text that is not a JSON object',
    ],
    [
      'headers a number',
      { ...sse, headers: 5 },
      'headers: must be a JSON object of header names to string values, not a number',
    ],
    [
      'header value a number',
      { ...sse, headers: { 'X-A': 1 } },
      'headers: header "X-A" must have a string value, not a number',
    ],
    [
      'header names differing in case',
      { ...sse, headersJson: '{"X-A": "1", "x-a": "2"}' },
      'headersJson: header "x-a" is given more than once (header names are case-insensitive)',
    ],
    [
      'Authorization header',
      { ...sse, headersJson: '{"Authorization": "Bearer abc"}' },
      'headersJson: header "Authorization" carries credentials; use secretProvider with authShape bearer, basic or raw instead',
    ],
    [
      'header the secret is sent in',
      { ...sse, ...environment, authShape: 'x-api-key', headers: { 'x-api-key': 'k' } },
      'headers: header "x-api-key" is already sent with the secret (authShape)',
    ],
    [
      'custom auth header repeated',
      {
        ...sse,
        ...environment,
        authShape: 'custom-header',
        authParameter: 'X-Token',
        headers: { 'x-token': 'k' },
      },
      'headers: header "x-token" is already sent with the secret (authShape)',
    ],
    [
      'headers on a stdio server',
      { ...stdio, headers: { 'X-A': '1' } },
      'headers: is only used with type sse, http or streamable',
    ],
    [
      '65 headers',
      { ...sse, headers: Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`X-${i}`, 'v'])) },
      'headers: must have at most 64 headers',
    ],
  ])('%s', (_name, raw, problem) => {
    expect(problemsOf(raw)).toContain(problem);
  });

  it.each<[string, Record<string, unknown>, string]>([
    [
      'an unknown secretProvider',
      { ...sse, secretProvider: 'Registry' },
      'secretProvider: unknown secretProvider "Registry"',
    ],
    ['an unknown authShape', { ...sse, authShape: 'digest' }, 'authShape: unknown authShape "digest"'],
    [
      'a header name with a space',
      { ...sse, headers: { 'X A': '1' } },
      'headers: header "X A" is not a valid header name',
    ],
    ['a framing header', { ...sse, headers: { Host: 'evil' } }, 'headers: header "Host" is a hop-by-hop'],
    [
      'an MCP transport header',
      { ...sse, headers: { 'MCP-Protocol-Version': '2025-06-18' } },
      'headers: header "MCP-Protocol-Version" is a hop-by-hop',
    ],
    [
      'a custom auth header carrying the MCP session',
      { ...sse, authShape: 'custom-header', authParameter: 'Mcp-Session-Id' },
      'authParameter: is a hop-by-hop',
    ],
    [
      'a header value with CR LF',
      { ...sse, headers: { 'X-A': 'a\r\nX-Evil: 1' } },
      'headers: the value of header "X-A" contains a line break',
    ],
    [
      'a header value with NUL',
      { ...sse, headers: { 'X-A': 'a\u0000' } },
      'headers: the value of header "X-A" contains a NUL character',
    ],
    [
      'a header value beyond Latin-1',
      { ...sse, headers: { 'X-A': '📺' } },
      'headers: the value of header "X-A" contains a character beyond U+00FF',
    ],
    [
      'a custom header name with ":"',
      { ...sse, authShape: 'custom-header', authParameter: 'X:Key' },
      'authParameter: is not a valid header name',
    ],
  ])('uses the shared secret-handling rules for %s', (_name, raw, start) => {
    expect(problemsOf(raw)).toEqual([expect.stringContaining(start)]);
  });
});
