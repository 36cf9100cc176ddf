// The tools the official conformance suite (`@modelcontextprotocol/conformance` 0.1.16, server
// scenarios) calls by name: content types, errors, logging and progress during a call,
// server-to-client sampling and elicitation, a JSON Schema 2020-12 input schema, and a call
// whose SSE stream the server closes mid-way so the client must resume it.
import { fromJsonSchema } from '@modelcontextprotocol/server';
import type {
  CallToolResult,
  CreateMessageResult,
  CreateMessageResultWithTools,
  ElicitRequestFormParams,
  JsonSchemaType,
  McpServer,
  ServerContext,
} from '@modelcontextprotocol/server';
import { ELICITATION_SCHEMAS } from './elicitation-schemas.ts';
import { redPixelPngBase64, silentWavBase64 } from './test-media.ts';

const PNG = redPixelPngBase64();
const WAV = silentWavBase64();
/** Pause between the notifications of one call, so that they arrive as separate events. */
const STEP_MS = 50;

const NO_ARGUMENTS = { type: 'object', properties: {} } satisfies JsonSchemaType;

/** SEP-1613: a 2020-12 schema whose `$schema`, `$defs` and `additionalProperties` must survive tools/list. */
export const JSON_SCHEMA_2020_12_INPUT = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: {
    address: { type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } } },
  },
  properties: { name: { type: 'string' }, address: { $ref: '#/$defs/address' } },
  additionalProperties: false,
} satisfies JsonSchemaType;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });

function stringArgument(name: string, description: string) {
  return fromJsonSchema<Record<string, string>>({
    type: 'object',
    properties: { [name]: { type: 'string', description } },
    required: [name],
  });
}

export function registerConformanceTools(server: McpServer): void {
  registerContentTools(server);
  registerNotifyingTools(server);
  registerClientRequestTools(server);
  server.registerTool(
    'test_error_handling',
    {
      description: 'Always fails: the error comes back as a tool result with isError',
      inputSchema: fromJsonSchema(NO_ARGUMENTS),
    },
    () => {
      throw new Error('This tool intentionally returns an error for testing');
    },
  );
  server.registerTool(
    'json_schema_2020_12_tool',
    {
      description:
        'Declares a JSON Schema 2020-12 input schema with $defs and additionalProperties (SEP-1613)',
      inputSchema: fromJsonSchema<Record<string, unknown>>(JSON_SCHEMA_2020_12_INPUT),
    },
    (args) => text(`json_schema_2020_12_tool called with ${JSON.stringify(args)}`),
  );
  server.registerTool(
    'test_reconnection',
    {
      description:
        'Closes the SSE stream of this call before answering; the client resumes with Last-Event-ID (SEP-1699)',
      inputSchema: fromJsonSchema(NO_ARGUMENTS),
    },
    async (_args, context) => {
      context.http?.closeSSE?.();
      await sleep(2 * STEP_MS);
      return text('Reconnection test completed: the answer arrived after the stream was closed.');
    },
  );
}

function registerContentTools(server: McpServer): void {
  const constant = (name: string, description: string, result: CallToolResult) =>
    server.registerTool(name, { description, inputSchema: fromJsonSchema(NO_ARGUMENTS) }, () => result);
  constant('test_simple_text', 'Returns one text block', text('This is a simple text response for testing.'));
  constant('test_image_content', 'Returns one PNG image block', {
    content: [{ type: 'image', data: PNG, mimeType: 'image/png' }],
  });
  constant('test_audio_content', 'Returns one WAV audio block', {
    content: [{ type: 'audio', data: WAV, mimeType: 'audio/wav' }],
  });
  constant('test_embedded_resource', 'Returns one embedded text resource', {
    content: [
      {
        type: 'resource',
        resource: {
          uri: 'test://embedded-resource',
          mimeType: 'text/plain',
          text: 'This is an embedded resource content.',
        },
      },
    ],
  });
  constant('test_multiple_content_types', 'Returns a text, an image and an embedded JSON resource', {
    content: [
      { type: 'text', text: 'Multiple content types test:' },
      { type: 'image', data: PNG, mimeType: 'image/png' },
      {
        type: 'resource',
        resource: {
          uri: 'test://mixed-content-resource',
          mimeType: 'application/json',
          text: JSON.stringify({ test: 'data', value: 123 }),
        },
      },
    ],
  });
}

function registerNotifyingTools(server: McpServer): void {
  server.registerTool(
    'test_tool_with_logging',
    { description: 'Sends three info log messages while it runs', inputSchema: fromJsonSchema(NO_ARGUMENTS) },
    async (_args, context) => {
      for (const [index, message] of [
        'Tool execution started',
        'Tool processing data',
        'Tool execution completed',
      ].entries()) {
        if (index > 0) await sleep(STEP_MS);
        await context.mcpReq.log('info', message, 'conformance-backend');
      }
      return text('Tool with logging executed successfully');
    },
  );
  server.registerTool(
    'test_tool_with_progress',
    {
      description: 'Reports progress 0, 50 and 100 of 100 when the call carries a progress token',
      inputSchema: fromJsonSchema(NO_ARGUMENTS),
    },
    async (_args, context) => {
      const progressToken = context.mcpReq._meta?.progressToken;
      for (const progress of [0, 50, 100]) {
        if (progress > 0) await sleep(STEP_MS);
        if (progressToken === undefined) continue;
        await context.mcpReq.notify({
          method: 'notifications/progress',
          params: { progressToken, progress, total: 100, message: `Completed step ${progress} of 100` },
        });
      }
      return text(`Progress reported for token ${String(progressToken)}`);
    },
  );
}

function registerClientRequestTools(server: McpServer): void {
  server.registerTool(
    'test_sampling',
    {
      description: 'Asks the client for an LLM completion of the prompt (sampling/createMessage)',
      inputSchema: stringArgument('prompt', 'The prompt to send to the LLM'),
    },
    async ({ prompt }, context) =>
      askClient(async () => {
        const result = await context.mcpReq.requestSampling({
          messages: [{ role: 'user', content: { type: 'text', text: prompt ?? '' } }],
          maxTokens: 100,
        });
        return `LLM response: ${samplingText(result)}`;
      }),
  );
  const elicit = (
    name: string,
    description: string,
    inputSchema: ReturnType<typeof stringArgument>,
    params: (args: Record<string, string>) => ElicitRequestFormParams,
  ) =>
    server.registerTool(name, { description, inputSchema }, async (args, context: ServerContext) =>
      askClient(async () => {
        const result = await context.mcpReq.elicitInput(params(args));
        return `User response: action=${result.action}, content=${JSON.stringify(result.content ?? {})}`;
      }),
    );
  elicit(
    'test_elicitation',
    'Asks the client for user input (elicitation/create)',
    stringArgument('message', 'The message to show the user'),
    ({ message }) => ({
      message: message ?? '',
      requestedSchema: ELICITATION_SCHEMAS.userDetails,
    }),
  );
  elicit(
    'test_elicitation_sep1034_defaults',
    'Elicits a form whose primitive fields carry defaults (SEP-1034)',
    fromJsonSchema(NO_ARGUMENTS),
    () => ({
      message: 'Please review and update the form fields with defaults',
      requestedSchema: ELICITATION_SCHEMAS.withDefaults,
    }),
  );
  elicit(
    'test_elicitation_sep1330_enums',
    'Elicits the five enum field variants (SEP-1330)',
    fromJsonSchema(NO_ARGUMENTS),
    () => ({
      message: 'Please select options from the enum fields',
      requestedSchema: ELICITATION_SCHEMAS.enumVariants,
    }),
  );
}

/** A client that cannot answer (no capability, an error) yields a tool error, not a protocol error. */
async function askClient(ask: () => Promise<string>): Promise<CallToolResult> {
  try {
    return text(await ask());
  } catch (error) {
    return {
      isError: true,
      content: [{ type: 'text', text: `The client could not answer: ${(error as Error).message}` }],
    };
  }
}

function samplingText(result: CreateMessageResult | CreateMessageResultWithTools): string {
  const blocks = Array.isArray(result.content) ? result.content : [result.content];
  const first = blocks.find((block) => block.type === 'text');
  return first !== undefined && 'text' in first ? first.text : '(no text in the reply)';
}
