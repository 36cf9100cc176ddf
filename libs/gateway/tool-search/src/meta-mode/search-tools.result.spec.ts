import { describe, expect, it } from '@jest/globals';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
import { EVERYONE, testIndex, tool } from '../search-index/tool-search.spec-fixtures';
import { SEARCH_TOOLS_OUTPUT_SCHEMA } from './meta-mode-tools';
import { summarizeParameters } from './parameter.summary';
import { searchToolsResult } from './search-tools.result';

const validOutput = new AjvJsonSchemaValidator().getValidator(
  structuredClone(SEARCH_TOOLS_OUTPUT_SCHEMA) as never,
);

describe('searchToolsResult', () => {
  const index = testIndex();

  it('returns the ranked hits as structured content matching the output schema', () => {
    const response = index.search('list issues', { ...EVERYONE, limit: 2 });
    const result = searchToolsResult(response);
    expect(result.structuredContent).toEqual({
      query: 'list issues',
      results: response.results,
      totalMatches: response.totalMatches,
    });
    expect(validOutput(structuredClone(result.structuredContent)).valid).toBe(true);
  });

  it('writes a ranked list a model can read: names, descriptions, arguments and how to call', () => {
    const text = searchToolsResult(index.search('list issues', { ...EVERYONE, limit: 2 })).content[0].text;
    const lines = text.split('\n');
    expect(lines[0]).toMatch(
      /^2 of \d+ matching tools for 'list issues', best first\. Run one with execute_tool/,
    );
    expect(text).toContain(
      '1. github__list_issues\n   List issues in a repository.\n   Arguments: owner?: string — Owner',
    );
    expect(text.indexOf('1. github__list_issues')).toBeLessThan(
      text.indexOf('2. github__list_issue_comments'),
    );
  });

  it('cuts long descriptions in the text only', () => {
    const long = `${'Reads a file. '.repeat(60)}End.`;
    const single = testIndex([[{ id: 'files' }, [tool('read_file', long)]]]);
    const result = searchToolsResult(single.search('read file', EVERYONE));
    expect(result.content[0].text).toMatch(/^1 matching tool for/);
    expect(result.content[0].text).toContain('…');
    expect(result.content[0].text).not.toContain('End.');
    expect(result.structuredContent.results[0]?.description).toBe(long);
  });

  it('says why nothing was found, in both forms', () => {
    const result = searchToolsResult(index.search('quantum teleportation', EVERYONE));
    expect(result.structuredContent.results).toEqual([]);
    expect(result.structuredContent.message).toMatch(/No tools match 'quantum teleportation'/);
    expect(result.content[0].text).toBe(result.structuredContent.message);
    expect(validOutput(structuredClone(result.structuredContent)).valid).toBe(true);
  });
});

describe('summarizeParameters', () => {
  it('marks required parameters and shows types, enums, arrays and descriptions', () => {
    const summary = summarizeParameters({
      type: 'object',
      properties: {
        path: { type: 'string', description: 'File to read' },
        mode: { type: 'string', enum: ['text', 'binary'] },
        paths: { type: 'array', items: { type: 'string' } },
        count: { type: ['integer', 'null'] },
        fixed: { const: 3 },
        loose: {},
      },
      required: ['path'],
    });
    expect(summary).toBe(
      'path: string (required) — File to read; mode?: "text" | "binary"; paths?: array of string; ' +
        'count?: integer | null; fixed?: 3; loose?: any',
    );
  });

  it('keeps the line short for large or odd schemas', () => {
    const properties = Object.fromEntries(
      Array.from({ length: 15 }, (_, at) => [`p${at}`, { type: 'string', description: 'x'.repeat(200) }]),
    );
    const summary = summarizeParameters({ properties });
    expect(summary.endsWith('; and 3 more')).toBe(true);
    expect(summary.split('; ').every((part) => part.length < 120)).toBe(true);
    expect(summarizeParameters({})).toBe('none');
    expect(summarizeParameters({ properties: 'nonsense', required: 'path' })).toBe('none');
  });
});
