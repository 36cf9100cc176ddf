// The resources, prompts and completions the conformance suite reads by name: static text and
// binary resources, a URI template, a subscribable resource, four prompts (plain, with
// arguments, with an embedded resource, with an image) and completion of prompt arguments.
import { fromJsonSchema, ResourceTemplate } from '@modelcontextprotocol/server';
import type { CompleteResult, McpServer } from '@modelcontextprotocol/server';
import { redPixelPngBase64 } from './test-media.ts';

const PNG = redPixelPngBase64();
/** Candidate values for completing any prompt argument; the suite only checks the result's shape. */
const COMPLETION_CANDIDATES = ['test', 'testing', 'tested', 'paris', 'park', 'party'];

export function registerConformanceResources(server: McpServer): void {
  server.registerResource(
    'static-text',
    'test://static-text',
    { title: 'Static text', description: 'A fixed text resource', mimeType: 'text/plain' },
    (uri) => ({
      contents: [
        { uri: uri.href, mimeType: 'text/plain', text: 'This is the content of the static text resource.' },
      ],
    }),
  );
  server.registerResource(
    'static-binary',
    'test://static-binary',
    { title: 'Static binary', description: 'A fixed PNG image, served as a blob', mimeType: 'image/png' },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'image/png', blob: PNG }] }),
  );
  server.registerResource(
    'watched-resource',
    'test://watched-resource',
    { title: 'Watched resource', description: 'A resource clients may subscribe to', mimeType: 'text/plain' },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'Watched resource content' }] }),
  );
  server.registerResource(
    'template',
    new ResourceTemplate('test://template/{id}/data', { list: undefined }),
    { title: 'Template', description: 'JSON data for any id', mimeType: 'application/json' },
    (uri, variables) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: 'application/json',
          text: JSON.stringify({
            id: variables['id'],
            templateTest: true,
            data: `Data for ID: ${String(variables['id'])}`,
          }),
        },
      ],
    }),
  );
  registerSubscriptions(server);
}

/** Subscriptions are accepted and remembered; the resources never change, so no update is sent. */
function registerSubscriptions(server: McpServer): void {
  const subscribed = new Set<string>();
  server.server.setRequestHandler('resources/subscribe', (request) => {
    subscribed.add(request.params.uri);
    return {};
  });
  server.server.setRequestHandler('resources/unsubscribe', (request) => {
    subscribed.delete(request.params.uri);
    return {};
  });
}

export function registerConformancePrompts(server: McpServer): void {
  server.registerPrompt(
    'test_simple_prompt',
    { title: 'Simple prompt', description: 'A prompt without arguments' },
    () => ({
      messages: [{ role: 'user', content: { type: 'text', text: 'This is a simple prompt for testing.' } }],
    }),
  );
  server.registerPrompt(
    'test_prompt_with_arguments',
    {
      title: 'Prompt with arguments',
      description: 'A prompt with two required arguments',
      argsSchema: fromJsonSchema<{ arg1: string; arg2: string }>({
        type: 'object',
        properties: {
          arg1: { type: 'string', description: 'First test argument' },
          arg2: { type: 'string', description: 'Second test argument' },
        },
        required: ['arg1', 'arg2'],
      }),
    },
    ({ arg1, arg2 }) => ({
      messages: [
        {
          role: 'user',
          content: { type: 'text', text: `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'` },
        },
      ],
    }),
  );
  server.registerPrompt(
    'test_prompt_with_embedded_resource',
    {
      title: 'Prompt with an embedded resource',
      description: 'Embeds a text resource at the given URI',
      argsSchema: fromJsonSchema<{ resourceUri: string }>({
        type: 'object',
        properties: { resourceUri: { type: 'string', description: 'URI of the resource to embed' } },
        required: ['resourceUri'],
      }),
    },
    ({ resourceUri }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'resource',
            resource: {
              uri: resourceUri,
              mimeType: 'text/plain',
              text: 'Embedded resource content for testing.',
            },
          },
        },
        { role: 'user', content: { type: 'text', text: 'Please process the embedded resource above.' } },
      ],
    }),
  );
  server.registerPrompt(
    'test_prompt_with_image',
    { title: 'Prompt with an image', description: 'Includes a PNG image' },
    () => ({
      messages: [
        { role: 'user', content: { type: 'image', data: PNG, mimeType: 'image/png' } },
        { role: 'user', content: { type: 'text', text: 'Please analyze the image above.' } },
      ],
    }),
  );
}

/** completion/complete for any prompt or template argument: the candidates starting with the typed value. */
export function registerConformanceCompletion(server: McpServer): void {
  server.server.setRequestHandler('completion/complete', (request): CompleteResult => {
    const typed = request.params.argument.value.toLowerCase();
    const values = COMPLETION_CANDIDATES.filter((candidate) => candidate.startsWith(typed));
    return { completion: { values, total: values.length, hasMore: false } };
  });
}
