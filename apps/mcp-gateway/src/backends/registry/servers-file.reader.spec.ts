import { parseServersDocument } from './servers-file.reader';

const entry = (fields: string) => `  - { url: 'http://127.0.0.1:3999/mcp', type: streamable, ${fields} }\n`;

describe('parseServersDocument: ids and aliases', () => {
  it('accepts servers whose ids and aliases are all distinct', () => {
    const result = parseServersDocument(
      `servers:\n${entry('id: files, alias: fs')}${entry('id: notes')}`,
      'f',
    );
    expect(result).toMatchObject({ ok: true, servers: [{ id: 'files', alias: 'fs' }, { id: 'notes' }] });
  });

  it.each([
    ['an alias equal to an earlier id', `${entry('id: files')}${entry('id: notes, alias: files')}`],
    [
      'an alias equal to an earlier alias',
      `${entry('id: files, alias: fs')}${entry('id: notes, alias: fs')}`,
    ],
  ])('refuses %s, naming the entry', (_case, entries) => {
    const result = parseServersDocument(`servers:\n${entries}`, 'servers.yaml');
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.problems.join('\n')).toMatch(
      /servers\.yaml: servers\[1\]: alias "(files|fs)" is already another server's id or alias/,
    );
  });

  it('refuses an id equal to an earlier alias', () => {
    const result = parseServersDocument(`servers:\n${entry('id: files, alias: fs')}${entry('id: fs')}`, 'f');
    expect(result.ok ? '' : result.problems.join('\n')).toContain(
      'servers[1]: id "fs" appears more than once',
    );
  });
});
