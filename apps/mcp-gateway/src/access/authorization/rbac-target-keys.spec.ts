import { DIRECT_PROXY_METHOD, MCP_METHODS } from '@platform/scopes';
import { SERVER_CATEGORIES } from './authorization.spec-fixtures';
import { buildRbacTargetKeys, itemKinds, normalizePolicyTargetId } from './rbac-target-keys';

const context = { categoriesOf: (id: string) => SERVER_CATEGORIES[id] ?? [] };
const keysOf = (method: string, target: string, serverId?: string) =>
  buildRbacTargetKeys({ method, target, serverId }, context).keys;

describe('buildRbacTargetKeys', () => {
  it('gives a tool call its bare, tool, server and category keys', () => {
    expect(buildRbacTargetKeys({ method: 'tools/call', target: ' Media__Search ' }, context)).toEqual({
      serverId: 'media',
      categories: ['media', 'video'],
      keys: [
        'media__search',
        'tool:media__search',
        'server:media',
        'category:media',
        'group:media',
        'category:video',
        'group:video',
        '*',
      ],
    });
  });

  it.each([
    ['tools/list', 'media__x', ['media__x', 'tool:media__x']],
    ['execute_tool', 'media__x', ['media__x', 'tool:media__x']],
    ['search_tools', 'media__search_tools', ['media__search_tools', 'tool:media__search_tools']],
    ['prompts/get', 'media__x', ['media__x', 'prompt:media__x']],
    ['prompts/list', 'media__x', ['media__x', 'prompt:media__x']],
    ['resources/read', 'mcp://media/a', ['mcp://media/a', 'resource:mcp://media/a']],
    ['resources/list', 'mcp://media/a', ['mcp://media/a', 'resource:mcp://media/a']],
    [
      'resources/templates/list',
      'mcp://media/{a}',
      ['mcp://media/{a}', 'resource_template:mcp://media/{a}', 'template:mcp://media/{a}'],
    ],
    [
      'completion/complete',
      'media__x',
      ['media__x', 'prompt:media__x', 'resource:media__x', 'completion:media__x'],
    ],
    [DIRECT_PROXY_METHOD, 'media', ['media']],
  ])('gives %s only the item keys of its own kinds', (method, target, itemKeys) => {
    const serverKeys = ['server:media', 'category:media', 'group:media', 'category:video', 'group:video'];
    expect(keysOf(method, target)).toEqual([...itemKeys, ...serverKeys, '*']);
  });

  it('gives the router-native search_tools no server keys unless the caller names its server', () => {
    expect(keysOf('search_tools', 'search_tools')).toEqual(['search_tools', 'tool:search_tools', '*']);
  });

  it('has no server or category keys when the target has no server', () => {
    expect(buildRbacTargetKeys({ method: 'resources/read', target: 'logs://recent' }, context)).toEqual({
      serverId: undefined,
      categories: [],
      keys: ['logs://recent', 'resource:logs://recent', '*'],
    });
  });

  it('drops the bare key of a target spelled like another key', () => {
    expect(keysOf('resources/read', 'category:video', 'books')).toEqual([
      'resource:category:video',
      'server:books',
      'category:library',
      'group:library',
      '*',
    ]);
  });

  it('gives every method of the capability matrix the keys of the server it names', () => {
    for (const method of MCP_METHODS) {
      expect(keysOf(method, 'media', 'media')).toEqual(
        expect.arrayContaining(['media', 'server:media', 'group:video']),
      );
    }
    expect(itemKinds('tools/delete')).toEqual([]);
  });

  it('ends every request with `*`, the one wildcard key; `tool:*` and `server:*` stay literal', () => {
    for (const method of MCP_METHODS) {
      const keys = keysOf(method, 'media__x');
      expect(keys[keys.length - 1]).toBe('*');
      expect(keys).not.toContain('tool:*');
      expect(keys).not.toContain('server:*');
    }
  });

  it('lets an exception from categoriesOf through (authorize turns it into a denial)', () => {
    const failing = {
      categoriesOf: (): readonly string[] => {
        throw new Error('down');
      },
    };
    expect(() => buildRbacTargetKeys({ method: 'tools/call', target: 'media__x' }, failing)).toThrow('down');
  });
});

describe('normalizePolicyTargetId', () => {
  it.each([
    [' Tool: Media__X ', 'tool:media__x'],
    ['SERVER:media', 'server:media'],
    ['group: Video', 'group:video'],
    ['media__x', 'media__x'],
    ['tool:', undefined],
    ['  ', undefined],
  ])('reads %j as %j', (raw, expected) => {
    expect(normalizePolicyTargetId(raw)).toBe(expected);
  });
});
