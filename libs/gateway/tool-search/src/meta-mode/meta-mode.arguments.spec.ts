import { describe, expect, it } from '@jest/globals';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
import fc from 'fast-check';
import { parseExecuteToolArguments, parseSearchToolsArguments } from './meta-mode.arguments';
import { EXECUTE_TOOL_INPUT_SCHEMA, META_MODE_TOOLS, SEARCH_TOOLS_INPUT_SCHEMA } from './meta-mode-tools';

const validator = new AjvJsonSchemaValidator();
const validSearch = validator.getValidator(structuredClone(SEARCH_TOOLS_INPUT_SCHEMA) as never);
const validExecute = validator.getValidator(structuredClone(EXECUTE_TOOL_INPUT_SCHEMA) as never);

/** Values around every boundary of the two schemas, mixed with arbitrary JSON. */
const fieldValue = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'list issues',
    'github__get_me',
    0,
    1,
    8,
    25,
    26,
    -1,
    2.5,
    1e21,
    null,
    true,
    [],
    {},
    { a: 1 },
  ),
  fc.jsonValue({ maxDepth: 2 }),
);
const argumentsObject = fc.dictionary(
  fc.constantFrom('query', 'limit', 'server', 'name', 'arguments', 'extra'),
  fieldValue,
);
const anyInput = fc.oneof(argumentsObject, fc.jsonValue({ maxDepth: 2 }));

describe('Meta-Mode tool definitions', () => {
  it('lists exactly search_tools and execute_tool, with schemas a JSON Schema validator accepts', () => {
    expect(META_MODE_TOOLS.map((tool) => tool.name)).toEqual(['search_tools', 'execute_tool']);
    for (const tool of META_MODE_TOOLS) {
      expect(tool.description.length).toBeGreaterThan(100);
      expect(() => validator.getValidator(structuredClone(tool.inputSchema) as never)).not.toThrow();
    }
    expect(validSearch({ query: 'read a file', limit: 8, server: 'files' }).valid).toBe(true);
    expect(validExecute({ name: 'files__read_file', arguments: { path: 'a' } }).valid).toBe(true);
  });
});

describe('parseSearchToolsArguments', () => {
  it('reads query, limit and server, ignoring unknown keys', () => {
    expect(
      parseSearchToolsArguments({ query: 'list issues', limit: 3, server: 'github', mode: 'x' }),
    ).toEqual({
      ok: true,
      value: { query: 'list issues', limit: 3, server: 'github' },
    });
    expect(parseSearchToolsArguments({ query: 'list issues' })).toEqual({
      ok: true,
      value: { query: 'list issues' },
    });
  });

  it.each([
    [undefined, 'search_tools arguments must be an object.'],
    [{}, "'query' is required: a non-empty string describing what you want to do."],
    [{ query: 'x', limit: 26 }, "'limit' must be an integer from 1 to 25."],
    [{ query: 'x', limit: 2.5 }, "'limit' must be an integer from 1 to 25."],
    [{ query: 'x', server: '' }, "'server' must be a non-empty string: a server id or a category."],
  ])('rejects %j with a message the agent can act on', (input, message) => {
    expect(parseSearchToolsArguments(input)).toEqual({ ok: false, message });
  });

  it('accepts exactly what the input schema accepts', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        expect(parseSearchToolsArguments(input).ok).toBe(validSearch(structuredClone(input)).valid);
      }),
      { numRuns: 500 },
    );
  });
});

describe('parseExecuteToolArguments', () => {
  it('reads the name and arguments, which default to an empty object', () => {
    expect(parseExecuteToolArguments({ name: 'files__read_file', arguments: { path: '/a' } })).toEqual({
      ok: true,
      value: { name: 'files__read_file', arguments: { path: '/a' } },
    });
    expect(parseExecuteToolArguments({ name: 'everything__get-env' })).toEqual({
      ok: true,
      value: { name: 'everything__get-env', arguments: {} },
    });
  });

  it.each([
    [[], 'execute_tool arguments must be an object.'],
    [{ arguments: {} }, "'name' is required: the tool name search_tools returned."],
    [{ name: 'x', arguments: [] }, "'arguments' must be an object with the tool's arguments."],
    [{ name: 'x', arguments: null }, "'arguments' must be an object with the tool's arguments."],
  ])('rejects %j', (input, message) => {
    expect(parseExecuteToolArguments(input)).toEqual({ ok: false, message });
  });

  it('accepts exactly what the input schema accepts', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        expect(parseExecuteToolArguments(input).ok).toBe(validExecute(structuredClone(input)).valid);
      }),
      { numRuns: 500 },
    );
  });
});
