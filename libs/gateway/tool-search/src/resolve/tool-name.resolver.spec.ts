import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { ToolCatalogEntry } from '../catalog/tool-catalog.types';
import { namespacedName } from '@platform/scopes';
import { resolveToolName } from './tool-name.resolver';

function entry(serverId: string, name: string): ToolCatalogEntry {
  return {
    serverId,
    name,
    namespacedName: namespacedName(serverId, name),
    serverCategories: [],
    inputSchema: {},
  };
}

const CATALOG = [
  entry('github', 'get_file'),
  entry('gitlab', 'get_file'),
  entry('secret', 'get_file'),
  entry('secret', 'drop_database'),
  entry('files', 'read_file'),
  entry('files', 'Read_File'),
];
const everything = () => true;
const notSecret = (candidate: ToolCatalogEntry) => candidate.serverId !== 'secret';

describe('resolveToolName', () => {
  it('takes a namespaced name exactly, visible or not (authorization decides and names it)', () => {
    expect(resolveToolName(CATALOG, 'github__get_file', { isVisible: notSecret })).toEqual({
      kind: 'resolved',
      entry: CATALOG[0],
    });
    expect(resolveToolName(CATALOG, 'secret__drop_database', { isVisible: notSecret })).toMatchObject({
      kind: 'resolved',
      entry: { serverId: 'secret', name: 'drop_database' },
    });
  });

  it('accepts / and : as the separator, and surrounding spaces', () => {
    for (const name of ['gitlab/get_file', 'gitlab:get_file', '  gitlab__get_file ']) {
      expect(resolveToolName(CATALOG, name, { isVisible: everything })).toMatchObject({
        kind: 'resolved',
        entry: { serverId: 'gitlab' },
      });
    }
  });

  it('resolves a bare name that one visible tool has, and is case-sensitive', () => {
    expect(resolveToolName(CATALOG, 'read_file', { isVisible: everything })).toMatchObject({
      kind: 'resolved',
      entry: { name: 'read_file' },
    });
    expect(resolveToolName(CATALOG, 'drop_database', { isVisible: everything })).toMatchObject({
      kind: 'resolved',
      entry: { serverId: 'secret' },
    });
  });

  it('lists only visible candidates for an ambiguous bare name', () => {
    const resolution = resolveToolName(CATALOG, 'get_file', { isVisible: notSecret });
    expect(resolution).toEqual({
      kind: 'ambiguous',
      name: 'get_file',
      candidates: ['github__get_file', 'gitlab__get_file'],
      message:
        "Tool name 'get_file' is ambiguous: github__get_file, gitlab__get_file. " +
        'Call execute_tool again with one of these namespaced names.',
    });
  });

  it('does not reveal a tool the caller cannot see behind a bare name', () => {
    expect(resolveToolName(CATALOG, 'drop_database', { isVisible: notSecret })).toEqual({
      kind: 'unknown',
      name: 'drop_database',
      message:
        "Unknown tool 'drop_database'. Use search_tools to find the tool and call it by the name it returns.",
    });
    expect(
      resolveToolName(CATALOG, 'get_file', { isVisible: (candidate) => candidate.serverId === 'github' }),
    ).toMatchObject({ kind: 'resolved', entry: { serverId: 'github' } });
  });

  it('says what is missing for unknown and empty names', () => {
    expect(resolveToolName(CATALOG, 'nope__nothing', { isVisible: everything }).kind).toBe('unknown');
    expect(resolveToolName(CATALOG, '   ', { isVisible: everything })).toMatchObject({
      kind: 'unknown',
      message: 'A tool name is required: use a name that search_tools returned.',
    });
  });

  it('never resolves a bare name to, or lists as a candidate, a tool the caller cannot see', () => {
    const names = fc.constantFrom('a', 'b', 'c');
    const catalog = fc.uniqueArray(
      fc.tuple(fc.constantFrom('s1', 's2', 's3', 's4'), names).map(([server, name]) => entry(server, name)),
      { selector: (candidate) => candidate.namespacedName },
    );
    fc.assert(
      fc.property(catalog, fc.subarray(['s1', 's2', 's3', 's4']), names, (tools, visibleServers, name) => {
        const isVisible = (candidate: ToolCatalogEntry) => visibleServers.includes(candidate.serverId);
        const resolution = resolveToolName(tools, name, { isVisible });
        const visibleWithName = tools.filter((candidate) => candidate.name === name && isVisible(candidate));
        if (resolution.kind === 'resolved') expect(isVisible(resolution.entry)).toBe(true);
        if (resolution.kind === 'ambiguous') {
          expect(resolution.candidates).toEqual(
            visibleWithName.map((candidate) => candidate.namespacedName).sort(),
          );
        }
        expect(resolution.kind).toBe(
          visibleWithName.length === 0 ? 'unknown' : visibleWithName.length === 1 ? 'resolved' : 'ambiguous',
        );
      }),
    );
  });
});
