import { describe, expect, it } from '@jest/globals';
import type { EvalCatalog } from '../catalog/eval-catalog.types';
import { MINISEARCH_RANKER } from './minisearch.ranker';
import { SEED_KEYWORD_RANKER, SEED_LEXICAL_RANKER } from './seed-substring.rankers';
import { toolSearchRanker } from './tool-search.ranker';

const tool = (name: string, description: string, parameters: string[] = []) => ({
  name,
  description,
  inputSchema: {
    type: 'object',
    properties: Object.fromEntries(parameters.map((p) => [p, { type: 'string' }])),
  },
});

const CATALOG: EvalCatalog = {
  name: 'tiny',
  servers: [
    {
      id: 'files',
      displayName: 'Files',
      categories: ['local'],
      tools: Array.from({ length: 11 }, (_, at) => tool(`tool_${at}`, `Tool number ${at}.`)).concat([
        tool('read_file', 'Read a file from disk.', ['path']),
      ]),
    },
    {
      id: 'chat',
      displayName: 'Chat',
      categories: ['chat'],
      tools: [tool('post_message', 'Post a message.')],
    },
  ],
};

describe('baseline rankers', () => {
  it('seed keyword scorer: substring weights, and the first 10 tools when nothing matches', () => {
    const ranker = SEED_KEYWORD_RANKER.build(CATALOG);
    expect(ranker.rank({ query: 'read file', limit: 25 })[0]).toBe('files__read_file');
    const fallback = ranker.rank({ query: 'quantum teleportation', limit: 25 });
    expect(fallback).toEqual(
      CATALOG.servers[0]?.tools.slice(0, 10).map((candidate) => `files__${candidate.name}`),
    );
  });

  it('seed lexical scorer: counts parameter names and has no fallback', () => {
    const ranker = SEED_LEXICAL_RANKER.build(CATALOG);
    expect(ranker.rank({ query: 'path', limit: 25 })).toEqual(['files__read_file']);
    expect(ranker.rank({ query: 'quantum', limit: 25 })).toEqual([]);
  });

  it.each([
    ['ours', toolSearchRanker()],
    ['minisearch', MINISEARCH_RANKER],
    ['seed keyword', SEED_KEYWORD_RANKER],
  ])('%s applies the server filter and the limit', (_label, factory) => {
    const ranker = factory.build(CATALOG);
    expect(ranker.rank({ query: 'post a message', limit: 25, server: 'chat' })).toEqual([
      'chat__post_message',
    ]);
    expect(ranker.rank({ query: 'tool number', limit: 3 }).length).toBeLessThanOrEqual(3);
  });

  it('minisearch ranker finds tools by name and ranks a named tool first', () => {
    const ranker = MINISEARCH_RANKER.build(CATALOG);
    expect(ranker.rank({ query: 'read a file', limit: 5 })[0]).toBe('files__read_file');
    expect(ranker.rank({ query: 'tool number 3 or chat__post_message', limit: 5 })[0]).toBe(
      'chat__post_message',
    );
  });
});
