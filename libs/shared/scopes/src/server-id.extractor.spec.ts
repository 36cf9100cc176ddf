import fc from 'fast-check';
import { DEFAULT_NATIVE_TOOL_PREFIXES, extractServerId } from './server-id.extractor';
import { SERVER_ID_PATTERN, isValidServerId } from './server-id.validator';

describe('extractServerId', () => {
  it.each([
    ['mcp://media/movies/1', 'media'],
    ['mcp://media/', 'media'],
    ['logs://media/recent', 'media'],
    ['router://status', 'router'],
    ['router://database', 'router'],
    ['server:media', 'media'],
    ['media__search', 'media'],
    ['my_server__search', 'my_server'],
    ['a__b__c', 'a'],
    ['a___c', 'a'],
    ['  MEDIA__Search ', 'media'],
    ['media__ ', 'media'],
    ['media__\t\n', 'media'],
    ['MCP://Media/x', 'media'],
    ['plex_search', 'plex'],
    ['seerr_request_movie', 'seerr'],
  ])('finds the server of %p', (target, serverId) => {
    expect(extractServerId(target)).toBe(serverId);
  });

  it.each([
    ['a built-in log resource without a server', 'logs://recent'],
    ['a server URI without a path', 'mcp://media'],
    ['an empty server in a URI', 'mcp:///x'],
    ['an invalid server in a URI', 'mcp://me dia/x'],
    ['a URI with a port', 'mcp://media:80/x'],
    ['an empty server scope', 'server:'],
    ['an invalid server scope', 'server:a/b'],
    ['a namespaced name without the name', 'media__'],
    ['an invalid namespace', '-media__search'],
    ['an unknown native prefix', 'sonarr_search'],
    ['a native prefix without a tool', 'plex_'],
    ['a leading underscore', '_search'],
    ['a prototype property as prefix', 'constructor_x'],
    ['a bare word', 'search'],
    ['an unrelated URI', 'https://example.com/a__b'],
    ['an empty string', ''],
  ])('finds nothing in %s', (_label, target) => {
    expect(extractServerId(target)).toBeUndefined();
  });

  it.each([undefined, null, 42, {}])('finds nothing in the non-string %p', (target) => {
    expect(extractServerId(target)).toBeUndefined();
  });

  it('uses the configured native tool prefixes instead of the defaults', () => {
    const options = { nativeToolPrefixes: { Plex: 'Plex-Media', jellyfin: 'jf' } };
    expect(extractServerId('plex_search', options)).toBe('plex-media');
    expect(extractServerId('JELLYFIN_search', options)).toBe('jf');
    expect(extractServerId('seerr_request', options)).toBeUndefined();
  });

  it('rejects a configured mapping to an invalid server id', () => {
    expect(extractServerId('plex_search', { nativeToolPrefixes: { plex: 'not valid' } })).toBeUndefined();
  });

  it('lets a namespaced name win over a native prefix', () => {
    expect(extractServerId('plex__search', { nativeToolPrefixes: { plex: 'plex-media' } })).toBe('plex');
  });

  it('ships plex and seerr as default prefixes', () => {
    expect(DEFAULT_NATIVE_TOOL_PREFIXES).toEqual({ plex: 'plex', seerr: 'seerr' });
    expect(Object.isFrozen(DEFAULT_NATIVE_TOOL_PREFIXES)).toBe(true);
  });

  it('finds the server in every target form', () => {
    const targetForms = fc.constantFrom(
      (id: string) => `${id}__tool`,
      (id: string) => `mcp://${id}/x`,
      (id: string) => `logs://${id}/x`,
      (id: string) => `server:${id}`,
    );
    const ids = fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,63}$/).filter(isValidServerId);
    fc.assert(
      fc.property(ids, targetForms, (id, form) => {
        expect(extractServerId(form(id))).toBe(id);
        expect(extractServerId(form(id).toUpperCase())).toBe(id);
      }),
    );
  });

  it('never throws and only ever returns a valid server id', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.string(), fc.anything()), (target) => {
        const serverId = extractServerId(target);
        expect(serverId === undefined || SERVER_ID_PATTERN.test(serverId)).toBe(true);
      }),
    );
  });

  it('stays fast on huge targets', () => {
    const started = performance.now();
    for (const target of ['mcp://' + 'a'.repeat(100_000), '_'.repeat(100_000), 'a_'.repeat(50_000)]) {
      expect(extractServerId(target)).toBeUndefined();
    }
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
