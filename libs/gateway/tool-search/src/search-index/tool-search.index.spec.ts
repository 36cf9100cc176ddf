import { describe, expect, it } from '@jest/globals';
import { ToolSearchIndex } from './tool-search.index';
import { EVERYONE, TEST_SERVERS, testIndex, tool } from './tool-search.spec-fixtures';
import { DEFAULT_SEARCH_LIMIT, MAX_SEARCH_LIMIT } from './tool-search.types';

const names = (
  index: ToolSearchIndex,
  query: string,
  options: Partial<Parameters<ToolSearchIndex['search']>[1]> = {},
) => index.search(query, { ...EVERYONE, ...options }).results.map((hit) => hit.name);

describe('ToolSearchIndex ranking', () => {
  const index = testIndex();

  it('finds tools by the words of their names, descriptions and parameters', () => {
    expect(names(index, 'list the issues of a repository')[0]).toBe('github__list_issues');
    expect(names(index, 'get the contents of a file from the repo')[0]).toBe('github__get_file_contents');
    // Only a parameter description mentions globs and skipping.
    expect(names(index, 'skip node_modules with a glob')[0]).toBe('files__search_files');
  });

  it('prefers the tool whose whole name the query spells', () => {
    expect(names(index, 'list issues').slice(0, 2)).toEqual([
      'github__list_issues',
      'github__list_issue_comments',
    ]);
  });

  it('returns the hit fields search_tools needs, with scores best first', () => {
    const [first, second] = index.search('list issues', EVERYONE).results;
    expect(first).toMatchObject({
      name: 'github__list_issues',
      serverId: 'github',
      description: 'List issues in a repository.',
      inputSchema: { type: 'object' },
    });
    expect(first?.score).toBeGreaterThan(second?.score ?? Infinity);
  });

  it('ranks a tool named with its server first, whatever else the query says', () => {
    expect(names(index, 'list issues, or jira__jira_get_issue')[0]).toBe('jira__jira_get_issue');
    expect(names(index, 'use slack/post_message for it')[0]).toBe('slack__post_message');
    expect(names(index, 'run github:search')[0]).toBe('github__search');
  });

  it('ranks a tool named by an identifier-shaped bare name first', () => {
    expect(names(index, 'add 2 and 3 with get-sum')[0]).toBe('everything__get-sum');
    expect(names(index, 'call readNote on the ideas note')[0]).toBe('notes__readNote');
  });

  it('does not read a plain word inside a longer query as a tool name', () => {
    expect(names(index, 'search jira issues')[0]).toBe('jira__jira_search_issues');
  });

  it('reads a query that is exactly a bare name as that name', () => {
    expect(names(index, 'search').slice(0, 2).sort()).toEqual(['github__search', 'slack__search']);
  });

  it('tolerates typos in longer words and completes the last word', () => {
    expect(names(index, 'serch mesages')[0]).toBe('slack__search');
    expect(names(index, 'directory tre')[0]).toBe('files__directory_tree');
  });

  it('lets argument values (paths, e-mails, keys) weigh less than the need', () => {
    expect(names(index, 'read the file notes/ideas.md')[0]).toBe('files__read_text_file');
  });

  it('orders equal scores by server id, then tool name', () => {
    const twins = testIndex([
      [{ id: 'zeta' }, [tool('fetch_weather', 'Weather now.')]],
      [{ id: 'alpha' }, [tool('fetch_weather', 'Weather now.')]],
      [{ id: 'mid' }, [tool('fetch_weather', 'Weather now.'), tool('fetch_weather_now', 'Weather now.')]],
    ]);
    const results = twins.search('weather', EVERYONE).results;
    expect(results.map((hit) => hit.name)).toEqual([
      'alpha__fetch_weather',
      'mid__fetch_weather',
      'mid__fetch_weather_now',
      'zeta__fetch_weather',
    ]);
    expect(new Set(results.map((hit) => hit.score)).size).toBe(1);
  });
});

describe('ToolSearchIndex filters and limits', () => {
  const index = testIndex();

  it('restricts a search to a server id or a category, case-insensitively', () => {
    expect(names(index, 'search', { server: 'slack' })).toEqual(['slack__search']);
    expect(names(index, 'search', { server: 'Local' })).toEqual(['files__search_files']);
  });

  it('never returns a tool the caller may not see, and counts only visible matches', () => {
    const isVisible = (entry: { serverId: string }) => entry.serverId !== 'github';
    const response = index.search('search issues', { isVisible });
    expect(response.results.map((hit) => hit.serverId)).not.toContain('github');
    expect(response.totalMatches).toBe(response.results.length);
  });

  it('answers an unknown or invisible server with the servers the caller can see, and nothing else', () => {
    const isVisible = (entry: { serverId: string }) => entry.serverId !== 'jira';
    const response = index.search('search issues', { isVisible, server: 'jira' });
    expect(response.results).toEqual([]);
    expect(response.empty?.reason).toBe('no-tools');
    expect(response.empty?.message).toContain("'jira'");
    expect(response.empty?.message).toContain('everything, files, github, notes, slack');
    expect(response.empty?.message.match(/jira/g)).toHaveLength(1);
  });

  it('returns nothing rather than unrelated tools, and says why', () => {
    const noMatch = index.search('quantum teleportation', EVERYONE);
    expect(noMatch).toMatchObject({ results: [], totalMatches: 0, empty: { reason: 'no-match' } });
    expect(noMatch.empty?.message).toMatch(/broader or different words/);
    expect(noMatch.empty?.message).not.toMatch(/server filter/);
    expect(index.search('quantum', { ...EVERYONE, server: 'files' }).empty?.message).toMatch(/server filter/);
    expect(index.search('please help me', EVERYONE).empty?.reason).toBe('no-terms');
    expect(new ToolSearchIndex().search('anything', EVERYONE).empty?.reason).toBe('no-tools');
  });

  it('returns 8 results by default, at most 25 and at least 1', () => {
    const many = testIndex([
      [
        { id: 'many' },
        Array.from({ length: 30 }, (_, at) => tool(`report_${String(at).padStart(2, '0')}`, 'A report.')),
      ],
    ]);
    const count = (limit?: number) =>
      many.search('report', { ...EVERYONE, ...(limit === undefined ? {} : { limit }) }).results.length;
    expect(count()).toBe(DEFAULT_SEARCH_LIMIT);
    expect(count(100)).toBe(MAX_SEARCH_LIMIT);
    expect(count(0)).toBe(1);
    expect(count(3.7)).toBe(3);
    expect(many.search('report', EVERYONE).totalMatches).toBe(30);
  });
});

describe('ToolSearchIndex catalog updates', () => {
  it('replaces only the upserted server and forgets removed ones', () => {
    const index = testIndex();
    const size = index.size;
    index.upsertServer({ id: 'github', categories: ['code'] }, [tool('get_me', 'Your profile.')]);
    expect(index.size).toBe(size - 4);
    expect(names(index, 'list issues')).not.toContain('github__list_issues');
    expect(names(index, 'profile')).toEqual(['github__get_me']);
    expect(names(index, 'post a message')[0]).toBe('slack__post_message');
    expect(index.removeServer('slack')).toBe(true);
    expect(index.removeServer('slack')).toBe(false);
    expect(names(index, 'post a message')).not.toContain('slack__post_message');
  });

  it('reports the tools it could not index and keeps the first of duplicate names', () => {
    const index = new ToolSearchIndex();
    const report = index.upsertServer({ id: 'odd' }, [
      tool('ping', 'First ping.'),
      tool('ping', 'Second ping.'),
      tool('', 'No name.'),
      { name: 42, inputSchema: {} } as unknown as ReturnType<typeof tool>,
      { name: 'schemaless', inputSchema: null } as unknown as ReturnType<typeof tool>,
    ]);
    expect(report).toEqual({
      serverId: 'odd',
      indexed: 2,
      skipped: [
        { name: 'ping', reason: 'duplicate-name' },
        { name: '', reason: 'invalid-name' },
        { name: '42', reason: 'invalid-name' },
      ],
    });
    expect(index.getTool('odd__ping')?.description).toBe('First ping.');
    expect(index.getTool('odd__schemaless')?.inputSchema).toEqual({});
  });

  it('refuses server ids that would make namespaced names ambiguous', () => {
    const index = new ToolSearchIndex();
    for (const id of ['a__b', 'a_', 'Upper', '']) {
      expect(() => index.upsertServer({ id }, [])).toThrow(TypeError);
    }
  });

  it('lists entries by server id and tool name, and finds tools by exact namespaced name', () => {
    const index = testIndex();
    expect(index.serverIds()).toEqual(['everything', 'files', 'github', 'jira', 'notes', 'slack']);
    expect(
      index
        .entries()
        .map((entry) => entry.namespacedName)
        .slice(0, 3),
    ).toEqual(['everything__echo', 'everything__get-sum', 'files__directory_tree']);
    expect(index.getTool('github__search')?.serverCategories).toEqual(['code']);
    expect(index.getTool('GITHUB__search')).toBeUndefined();
    expect(index.size).toBe(TEST_SERVERS.reduce((sum, [, tools]) => sum + tools.length, 0));
  });
});
