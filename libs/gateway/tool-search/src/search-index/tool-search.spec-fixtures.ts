// A small catalog for the index tests: near-duplicate names across servers (`search`, `*_issues`),
// a tool only its parameters describe, and naming conventions of every kind.
import type { ToolDefinition, ToolServerInfo } from '../catalog/tool-catalog.types';
import type { RankingOverrides } from './ranking.options';
import { ToolSearchIndex } from './tool-search.index';

export function tool(
  name: string,
  description: string,
  parameters: Record<string, string> = {},
  required: string[] = [],
): ToolDefinition {
  const properties = Object.fromEntries(
    Object.entries(parameters).map(([parameter, text]) => [parameter, { type: 'string', description: text }]),
  );
  return { name, description, inputSchema: { type: 'object', properties, required } };
}

export const TEST_SERVERS: readonly (readonly [ToolServerInfo, readonly ToolDefinition[]])[] = [
  [
    { id: 'github', displayName: 'GitHub', categories: ['code'] },
    [
      tool('list_issues', 'List issues in a repository.', { owner: 'Owner', repo: 'Repository name' }),
      tool('list_issue_comments', 'List the comments on an issue.', { issue_number: 'Issue number' }),
      tool('search', 'Search code, issues and users.', { q: 'Search query' }),
      tool('get_file_contents', 'Get the contents of a file in a repository.', { path: 'File path' }),
      tool('create_pull_request', 'Open a pull request.', { head: 'Branch with the changes' }),
    ],
  ],
  [
    { id: 'jira', displayName: 'Jira', categories: ['issues'] },
    [
      tool('jira_search_issues', 'Search issues with JQL.', { jql: 'The JQL query' }),
      tool('jira_get_issue', 'Get an issue by key.', { issue_key: 'Key like ENG-1' }),
    ],
  ],
  [
    { id: 'files', displayName: 'Local files', categories: ['files', 'local'] },
    [
      tool('read_text_file', 'Read a text file.', { path: 'Path of the file', tail: 'Lines from the end' }),
      tool('directory_tree', 'Recursive tree view of a directory.', { path: 'Root directory' }),
      tool('search_files', 'Find paths matching a pattern.', {
        pattern: 'Pattern to match',
        excludePatterns: 'Glob patterns to skip, such as node_modules',
      }),
    ],
  ],
  [
    { id: 'slack', displayName: 'Slack', categories: ['chat'] },
    [
      tool('search', 'Search messages across channels.', { query: 'Search text' }),
      tool('post_message', 'Post a message to a channel.', { channel: 'Channel id', text: 'Message' }),
    ],
  ],
  [
    { id: 'everything', displayName: 'Everything', categories: ['testing'] },
    [
      tool('get-sum', 'Returns the sum of two numbers.', { a: 'First', b: 'Second' }),
      tool('echo', 'Echoes back.'),
    ],
  ],
  [
    { id: 'notes', displayName: 'Notes vault', categories: ['notes'] },
    [
      tool('listNotes', 'List the notes of the vault.'),
      tool('readNote', 'Read a note.', { note: 'Note name' }),
    ],
  ],
];

export function testIndex(servers = TEST_SERVERS): ToolSearchIndex {
  const index = new ToolSearchIndex();
  for (const [server, tools] of servers) index.upsertServer(server, tools);
  return index;
}

export const EVERYONE = { isVisible: () => true } as const;

/** Servers with their tools, as the index is fed them. */
export type Servers = readonly (readonly [ToolServerInfo, readonly ToolDefinition[]])[];

function searchOver(servers: Servers, query: string, ranking?: RankingOverrides) {
  const index = new ToolSearchIndex(ranking);
  for (const [server, tools] of servers) index.upsertServer(server, tools);
  return index.search(query, EVERYONE).results;
}

/** The names a fresh index over `servers` ranks for `query`, best first. */
export function ranked(servers: Servers, query: string, ranking?: RankingOverrides): string[] {
  return searchOver(servers, query, ranking).map((hit) => hit.name);
}

/** Scores by tool name. */
export function scores(servers: Servers, query: string, ranking?: RankingOverrides): Record<string, number> {
  return Object.fromEntries(searchOver(servers, query, ranking).map((hit) => [hit.name, hit.score]));
}
