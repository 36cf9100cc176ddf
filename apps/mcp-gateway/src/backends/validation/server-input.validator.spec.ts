import type { BackendServerDefinition } from '../backend-server';
import { validateServerInput } from './server-input.validator';

const minimal = { id: 'media', url: 'https://media.lan/sse', type: 'sse' };

function accepted(raw: unknown, options = {}): BackendServerDefinition {
  const result = validateServerInput(raw, options);
  if (!result.ok) {
    throw new Error(`expected acceptance, got ${result.problems.join(' | ')}`);
  }
  return result.server;
}

describe('validateServerInput: accepted records', () => {
  it('fills the documented defaults', () => {
    expect(accepted(minimal)).toEqual({
      id: 'media',
      displayName: 'media',
      url: 'https://media.lan/sse',
      type: 'sse',
      categories: [],
      enabled: true,
      hidden: false,
      secretProvider: 'None',
      authShape: 'bearer',
      headers: {},
      allowPassThroughAuth: false,
      requestTimeoutMs: 15_000,
    });
  });

  it('reads every field of a complete record', () => {
    const server = accepted({
      id: 'sonarr-4k',
      displayName: '  Sonarr 4K 📺 ',
      url: 'http://sonarr.lan:8989/mcp',
      type: 'Streamable',
      category: 'Media, downloads,media',
      enabled: false,
      hidden: true,
      secretProvider: 'hashicorp-vault',
      secretPath: 'homelab/sonarr',
      secretField: 'api_key',
      authShape: 'CustomHeader',
      authParameter: 'X-Sonarr-Key',
      headersJson: '{"X-Client": "gateway", "User-Agent": "mcp-gateway/1"}',
      allowPassThroughAuth: true,
      RequestTimeout: 2.5,
    });
    expect(server).toEqual({
      id: 'sonarr-4k',
      displayName: 'Sonarr 4K 📺',
      url: 'http://sonarr.lan:8989/mcp',
      type: 'streamable',
      categories: ['media', 'downloads'],
      enabled: false,
      hidden: true,
      secretProvider: 'Vault',
      secretPath: 'homelab/sonarr',
      secretField: 'api_key',
      authShape: 'custom-header',
      authParameter: 'X-Sonarr-Key',
      headers: { 'X-Client': 'gateway', 'User-Agent': 'mcp-gateway/1' },
      allowPassThroughAuth: true,
      requestTimeoutMs: 2500,
    });
  });

  it.each([
    ['JSON array text', { category: '["Media", " tv "]' }, ['media', 'tv']],
    ['a comma list with blanks', { category: 'media,, tv ,' }, ['media', 'tv']],
    ['an array under "categories"', { categories: ['Media', 'TV', 'media'] }, ['media', 'tv']],
    ['comma text under "categories"', { categories: 'a,b' }, ['a', 'b']],
    ['an empty array', { categories: [] }, []],
  ])('reads categories from %s', (_name, fields, expected) => {
    expect(accepted({ ...minimal, ...fields }).categories).toEqual(expected);
  });

  it.each([
    ['None', 'None'],
    ['NONE', 'None'],
    ['environment', 'Environment'],
    ['File', 'File'],
    ['vault', 'Vault'],
    ['HashiCorpVault', 'Vault'],
    ['hashicorp_vault', 'Vault'],
  ])('reads secretProvider %s as %s', (spelling, provider) => {
    const secretFields: Record<string, Record<string, string>> = {
      None: {},
      Environment: { secretItemKey: 'SONARR_KEY' },
      File: { secretPath: '/run/secrets/sonarr' },
      Vault: { secretPath: 'kv/sonarr', secretField: 'token' },
    };
    const server = accepted({ ...minimal, secretProvider: spelling, ...secretFields[provider] });
    expect(server.secretProvider).toBe(provider);
  });

  it.each([
    ['bearer', 'bearer'],
    ['Bearer', 'bearer'],
    ['x-api-key', 'x-api-key'],
    ['XApiKey', 'x-api-key'],
    ['X_API_KEY', 'x-api-key'],
    ['Basic', 'basic'],
    ['RAW', 'raw'],
  ])('reads authShape %s as %s', (spelling, shape) => {
    expect(accepted({ ...minimal, authShape: spelling }).authShape).toBe(shape);
  });

  it.each([
    ['decimal', 'http://2130706433/sse', 'http://127.0.0.1/sse'],
    ['hex and short form', 'http://0x7f.1:8080/sse', 'http://127.0.0.1:8080/sse'],
    ['an IPv6 literal', 'http://[0:0:0:0:0:0:0:1]/', 'http://[::1]/'],
    ['surrounding spaces and no path', '  https://media.lan  ', 'https://media.lan/'],
  ])('stores the WHATWG-normalized URL (%s)', (_name, url, expected) => {
    expect(accepted({ ...minimal, url }).url).toBe(expected);
  });

  it('accepts a stdio command line and a child variable for the secret', () => {
    const server = accepted({
      id: 'files',
      type: 'stdio',
      url: ' npx -y @modelcontextprotocol/server-filesystem /data ',
      secretProvider: 'File',
      secretPath: '/run/secrets/files',
      secretItemKey: 'API_TOKEN',
    });
    expect(server).toMatchObject({
      url: 'npx -y @modelcontextprotocol/server-filesystem /data',
      secretItemKey: 'API_TOKEN',
    });
  });

  it('accepts a registered custom backend', () => {
    const server = accepted(
      { id: 'plex', type: 'custom', url: 'plex' },
      { customBackendNames: ['plex', 'seerr'] },
    );
    expect(server.url).toBe('plex');
  });

  it('reads an alias, and drops one that only repeats the id', () => {
    expect(accepted({ ...minimal, alias: 'md' }).alias).toBe('md');
    expect(accepted({ ...minimal, alias: 'media' })).not.toHaveProperty('alias');
    expect(accepted(minimal)).not.toHaveProperty('alias');
  });

  it.each([
    ['Media Server', 'must be 1 to 64'],
    ['a__b', 'must be 1 to 64'],
    ['x'.repeat(65), 'must be 1 to 64'],
    ['api', 'reserved by the gateway'],
    [42, 'alias'],
  ])('refuses the alias %p', (alias, problem) => {
    const result = validateServerInput({ ...minimal, alias });
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.problems.join(' | ')).toContain(problem);
  });

  it('treats null and blank values as not given', () => {
    const server = accepted({
      ...minimal,
      displayName: '  ',
      secretPath: null,
      headersJson: '',
      category: null,
    });
    expect(server).toMatchObject({ displayName: 'media', headers: {}, categories: [] });
    expect(server).not.toHaveProperty('secretPath');
  });

  it('accepts headers as an object and a timeout up to the configured maximum', () => {
    const server = accepted(
      { ...minimal, headers: { 'X-Trace': 'on' }, requestTimeout: 900 },
      { maxRequestTimeoutSeconds: 900 },
    );
    expect(server).toMatchObject({ headers: { 'X-Trace': 'on' }, requestTimeoutMs: 900_000 });
  });

  it('keeps an X-Api-Key extra header when the secret goes into Authorization', () => {
    const server = accepted({
      ...minimal,
      secretProvider: 'Environment',
      secretItemKey: 'MEDIA_TOKEN',
      headersJson: '{"X-Api-Key": "public-client-id"}',
    });
    expect(server.headers).toEqual({ 'X-Api-Key': 'public-client-id' });
  });
});
