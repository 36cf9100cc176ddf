import { describe, expect, it } from '@jest/globals';
import { analyzeQuery } from '../text/query.analyzer';
import { DEFAULT_RANKING_OPTIONS } from './ranking.options';
import { ranked, scores, type Servers, tool } from './tool-search.spec-fixtures';
import { VALUE_KINDS, type ValueKind } from '../text/value-shapes';
import { toolValueKinds, type ValueKindSet, valueKindFit, valueKindSet } from './value-kinds';

const kindsOf = (set: ValueKindSet): ValueKind[] => VALUE_KINDS.filter((_, at) => (set & (1 << at)) !== 0);
const queryKinds = (query: string) => kindsOf(valueKindSet(analyzeQuery(query).valueKinds));
const schema = (properties: Record<string, Record<string, unknown>>) => ({ type: 'object', properties });

describe('the kinds of values a query carries', () => {
  it.each<[string, ValueKind[]]>([
    ['when was .env last modified', ['path']],
    ['size and last modified date of ./data/export.parquet', ['path']],
    ['mkdir -p out/reports/2024', ['path']],
    ['look at screenshot.png', ['path']],
    ['the README.md', ['path']],
    ['open C:\\Users\\ana\\notes.txt', ['path']],
    ['scrape https://example.com/pricing', ['url']],
    ['sitemap of acme.dev, just the links', ['url']],
    ['mail ana@example.com the report', ['email']],
    ['ask @maria and @tkim to review', ['handle']],
    ['post it in #general', ['channel']],
    ['move ENG-2291 to Done', ['issueKey']],
    ['publish v3.0.0 with notes', ['version']],
    ['release 1.4.2', ['version']],
    ['cordon ip-10-0-3-12', ['host']],
    ['ping 10.0.3.12:8080', ['host']],
    ['events since 2024-05-01', ['date']],
    ['what changed in 9f3c2ab', ['commit']],
    ['copy ./a.md to docs/ and tell @ana', ['path', 'handle']],
  ])('%s', (query, kinds) => {
    expect(queryKinds(query)).toEqual(kinds);
  });

  it.each([
    'list my open pull requests',
    'what is 12.5 times 4', // a number is not a version
    'issue #482 on the repo', // a number reference is not a channel
    'eng-12 in lowercase is a word', // issue keys are written in capitals
    'config files of the app', // no extension, no separator
    'deadbeef and 1234567', // hex words need a digit and a letter to be a commit
  ])('%s', (query) => {
    expect(queryKinds(query)).toEqual([]);
  });
});

describe('the kinds a tool takes', () => {
  it('reads parameter names in every naming convention, and one level down', () => {
    expect(kindsOf(toolValueKinds(schema({ file_path: {}, channelId: {} })))).toEqual(['path', 'channel']);
    expect(kindsOf(toolValueKinds(schema({ owner: {}, commit_sha: {} })))).toEqual(['handle', 'commit']);
    expect(
      kindsOf(toolValueKinds(schema({ reviewers: { type: 'array', items: { type: 'string' } } }))),
    ).toEqual(['handle']);
    expect(
      kindsOf(toolValueKinds(schema({ message: { type: 'object', properties: { recipients: {} } } }))),
    ).toEqual(['email']);
    expect(
      kindsOf(toolValueKinds(schema({ items: { type: 'array', items: { properties: { tagName: {} } } } }))),
    ).toEqual(['version']);
  });

  it('reads JSON Schema formats, whatever the name', () => {
    expect(
      kindsOf(
        toolValueKinds(schema({ a: { format: 'email' }, b: { format: 'URI' }, c: { format: 'date-time' } })),
      ),
    ).toEqual(['url', 'email', 'date']);
    // A format that is an Object.prototype key is no format.
    expect(toolValueKinds(schema({ a: { format: 'constructor' }, b: { format: '__proto__' } }))).toBe(0);
  });

  it('takes nothing from names that say nothing about values, or from malformed schemas', () => {
    expect(toolValueKinds(schema({ limit: {}, cursor: {}, verbose: {} }))).toBe(0);
    expect(toolValueKinds({ type: 'object', properties: 'path' })).toBe(0);
    expect(toolValueKinds({ type: 'object', properties: { path: null } })).toBe(
      toolValueKinds(schema({ path: {} })),
    );
  });

  it('fits by the share of the query kinds a tool takes', () => {
    const path = 1 << VALUE_KINDS.indexOf('path');
    const handle = 1 << VALUE_KINDS.indexOf('handle');
    expect(valueKindFit(0, path)).toBe(0);
    expect(valueKindFit(path, 0)).toBe(0);
    expect(valueKindFit(path | handle, path)).toBe(0.5);
    expect(valueKindFit(path | handle, path | handle)).toBe(1);
  });
});

describe('value kinds in ranking', () => {
  const forge: Servers = [
    [
      { id: 'forge' },
      [
        tool('get_pull_request', 'Get a pull request: title, state, reviewers and checks.', {
          number: 'PR number',
        }),
        tool('request_reviewers', 'Ask people to look at a pull request.', {
          number: 'PR number',
          reviewers: 'Logins',
        }),
      ],
    ],
  ];

  it('prefers the tool that takes the values the query carries', () => {
    // The words alone favour reading the pull request; the handles say someone is to be asked.
    expect(ranked(forge, 'pull request 12 for maria and tkim')[0]).toBe('forge__get_pull_request');
    expect(ranked(forge, 'pull request 12 for @maria and @tkim')[0]).toBe('forge__request_reviewers');
    const withKinds = scores(forge, 'pull request 12 for @maria and @tkim');
    const without = scores(forge, 'pull request 12 for @maria and @tkim', { valueKindWeight: 0 });
    expect(withKinds['forge__request_reviewers']).toBeCloseTo(
      (1 + DEFAULT_RANKING_OPTIONS.valueKindWeight) * (without['forge__request_reviewers'] ?? 0),
      3,
    );
    expect(withKinds['forge__get_pull_request']).toBe(without['forge__get_pull_request']);
  });

  it('never makes a tool match: only what the value implies can', () => {
    const servers: Servers = [
      [
        { id: 'x' },
        [
          tool('archive_thread', 'Archive a discussion thread.', { reviewers: 'Logins to notify' }),
          tool('get_user', 'Get a profile by login.', { id: 'Profile id' }),
        ],
      ],
    ];
    // `archive_thread` takes handles but shares no word with the query; a handle implies "user".
    expect(ranked(servers, '@maria')).toEqual(['x__get_user']);
  });
});
