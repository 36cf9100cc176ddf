// The two tools a Meta-Mode client sees in `tools/list` (spec 1, 4.1): their input schemas, the output
// schema of `search_tools`, and descriptions written for the model that has to use them. The spec
// leaves the parameters "not shown"; docs/decisions/013-meta-mode-tool-search.md records the choice.
import { DEFAULT_SEARCH_LIMIT, MAX_SEARCH_LIMIT } from '../search-index/tool-search.types';

export const SEARCH_TOOLS_NAME = 'search_tools';
export const EXECUTE_TOOL_NAME = 'execute_tool';

const SEARCH_TOOLS_DESCRIPTION = [
  'Find the tools available to you for a task. This gateway connects many MCP servers; their tools are',
  'not listed directly, so search first, then run the tool you picked with execute_tool.',
  'Describe the need in a few words: the action and the object, plus a product or server name when you',
  "know it (for example 'create a GitHub issue', 'read a file', 'query the postgres database').",
  'Keep the values you will pass (a path, @user, #channel, issue key): they show which tools take them.',
  'Search for one step of a plan at a time.',
  'Results are ranked best first, each with its name (pass it to execute_tool), description and input',
  'schema. If no result fits, search again with other or broader words; do not guess tool names.',
].join(' ');

const EXECUTE_TOOL_DESCRIPTION = [
  'Run a tool found with search_tools. Pass its name exactly as search_tools returned it',
  "('<server>__<tool>'; a bare tool name also works when only one server has it) and its arguments as",
  "an object matching that tool's input schema. The tool's own result is returned as it is.",
].join(' ');

/** Tool definitions are plain JSON; this is their shape as `tools/list` returns them. */
export interface MetaModeToolDefinition {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: Readonly<Record<string, unknown>>;
  readonly outputSchema?: Readonly<Record<string, unknown>>;
  readonly annotations: Readonly<Record<string, boolean | string>>;
}

export const SEARCH_TOOLS_INPUT_SCHEMA = {
  type: 'object',
  properties: {
    query: {
      type: 'string',
      minLength: 1,
      description:
        "What you want to do, in a few words: an action and an object, optionally a product or server name. Example: 'list open pull requests on GitHub'.",
    },
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_SEARCH_LIMIT,
      default: DEFAULT_SEARCH_LIMIT,
      description: `Maximum number of tools to return (1 to ${MAX_SEARCH_LIMIT}, default ${DEFAULT_SEARCH_LIMIT}).`,
    },
    server: {
      type: 'string',
      minLength: 1,
      description: 'Only search the tools of this server id or server category.',
    },
  },
  required: ['query'],
} as const;

const TOOL_HIT_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', description: 'Namespaced tool name to pass to execute_tool.' },
    serverId: { type: 'string' },
    title: { type: 'string' },
    description: { type: 'string' },
    inputSchema: { type: 'object', description: 'JSON Schema of the tool arguments.' },
    score: { type: 'number', description: 'Relevance; higher is better; comparable within one response.' },
  },
  required: ['name', 'serverId', 'inputSchema', 'score'],
} as const;

export const SEARCH_TOOLS_OUTPUT_SCHEMA = {
  type: 'object',
  properties: {
    query: { type: 'string' },
    results: { type: 'array', items: TOOL_HIT_SCHEMA, description: 'Best first.' },
    totalMatches: { type: 'integer', minimum: 0, description: 'Matching tools before the limit.' },
    message: { type: 'string', description: 'Why nothing was found and what to try; only on empty results.' },
  },
  required: ['query', 'results', 'totalMatches'],
} as const;

export const EXECUTE_TOOL_INPUT_SCHEMA = {
  type: 'object',
  properties: {
    name: {
      type: 'string',
      minLength: 1,
      description: "The tool's name as search_tools returned it, for example 'github__create_issue'.",
    },
    arguments: {
      type: 'object',
      default: {},
      description: "The tool's arguments, matching the input schema search_tools returned for it.",
    },
  },
  required: ['name'],
} as const;

export const SEARCH_TOOLS_TOOL: MetaModeToolDefinition = {
  name: SEARCH_TOOLS_NAME,
  title: 'Search tools',
  description: SEARCH_TOOLS_DESCRIPTION,
  inputSchema: SEARCH_TOOLS_INPUT_SCHEMA,
  outputSchema: SEARCH_TOOLS_OUTPUT_SCHEMA,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
};

export const EXECUTE_TOOL_TOOL: MetaModeToolDefinition = {
  name: EXECUTE_TOOL_NAME,
  title: 'Execute tool',
  description: EXECUTE_TOOL_DESCRIPTION,
  inputSchema: EXECUTE_TOOL_INPUT_SCHEMA,
  // What the inner tool does is unknown here, so the MCP defaults (may be destructive, open world) stand.
  annotations: { openWorldHint: true },
};

/** `tools/list` in Meta-Mode: exactly these two, in this order. */
export const META_MODE_TOOLS: readonly MetaModeToolDefinition[] = [SEARCH_TOOLS_TOOL, EXECUTE_TOOL_TOOL];
