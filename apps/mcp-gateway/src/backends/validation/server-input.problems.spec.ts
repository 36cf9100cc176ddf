import { validateServerInput } from './server-input.validator';

const sse = { id: 'media', url: 'https://media.lan/sse', type: 'sse' };
const stdio = { id: 'files', url: 'mcp-files /data', type: 'stdio' };

function problemsOf(raw: unknown, options = {}): string[] {
  const result = validateServerInput(raw, options);
  return result.ok ? [] : result.problems;
}

const idRule =
  'must be 1 to 64 of a-z, 0-9, "_" and "-", start with a letter or digit, not contain "__" and not end with "_"';

describe('validateServerInput: one problem per broken rule', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['missing id', { url: sse.url, type: 'sse' }, 'id: is required'],
    ['uppercase id', { ...sse, id: 'Media' }, `id: "Media" ${idRule}`],
    ['id with "__"', { ...sse, id: 'a__b' }, `id: "a__b" ${idRule}`],
    ['id ending in "_"', { ...sse, id: 'media_' }, `id: "media_" ${idRule}`],
    ['id with a dot', { ...sse, id: 'favicon.ico' }, `id: "favicon.ico" ${idRule}`],
    ['id of 65 characters', { ...sse, id: 'a'.repeat(65) }, `id: "${'a'.repeat(40)}…" ${idRule}`],
    ['numeric id', { ...sse, id: 7 }, 'id: must be a string, not a number'],
    [
      'missing type',
      { id: 'media', url: sse.url },
      'type: is required (sse, http, streamable, stdio, custom)',
    ],
    [
      'unknown type',
      { ...sse, type: 'websocket' },
      'type: must be one of sse, http, streamable, stdio, custom, not "websocket"',
    ],
    ['missing url', { id: 'media', type: 'sse' }, 'url: is required'],
    ['relative url', { ...sse, url: '/sse' }, 'url: must be an http(s) URL for type "sse"'],
    [
      'ftp url',
      { ...sse, type: 'http', url: 'ftp://media.lan/' },
      'url: must be an http(s) URL for type "http"',
    ],
    [
      'file url',
      { ...sse, type: 'streamable', url: 'file:///etc/passwd' },
      'url: must be an http(s) URL for type "streamable"',
    ],
    [
      'credentials in the url',
      { ...sse, url: 'https://admin:hunter2@media.lan/sse' },
      'url: must not contain a user name or password; put credentials in the secret provider',
    ],
    [
      'url over 2048 characters',
      { ...sse, url: `https://media.lan/${'a'.repeat(2048)}` },
      'url: must be at most 2048 characters',
    ],
    [
      'stdio command with a newline',
      { ...stdio, url: 'mcp-files\n--evil' },
      'url: the command line for type "stdio" must not contain control characters',
    ],
    [
      'stdio command over 4096 characters',
      { ...stdio, url: 'x'.repeat(4097) },
      'url: must be at most 4096 characters',
    ],
    [
      'custom name with a slash',
      { id: 'plex', type: 'custom', url: 'plex/v2' },
      'url: must be the name of an in-process backend (1 to 64 of a-z, 0-9, "_" and "-", starting with a letter or digit) for type "custom"',
    ],
    [
      'displayName of 201 characters',
      { ...sse, displayName: 'é'.repeat(201) },
      'displayName: must be at most 200 characters',
    ],
    [
      'displayName with a bidi override',
      { ...sse, displayName: 'media\u202Egpj.exe' },
      'displayName: must not contain control, bidirectional or other invisible characters',
    ],
    [
      'broken category JSON',
      { ...sse, category: '["media"' },
      'category: text starting with "[" must be a JSON array of strings',
    ],
    [
      'category JSON with a number',
      { ...sse, category: '["media", 3]' },
      'category: entry 2 must be a string, not a number',
    ],
    [
      'categories as an object',
      { ...sse, categories: { media: true } },
      'categories: must be a comma list, JSON array text or a list of strings, not an object',
    ],
    [
      'category with a comma',
      { ...sse, categories: ['a,b'] },
      'categories: "a,b" must not contain "," or invisible characters',
    ],
    [
      'category of 65 characters',
      { ...sse, category: 'c'.repeat(65) },
      `category: "${'c'.repeat(40)}…" is longer than 64 characters`,
    ],
    [
      '65 categories',
      { ...sse, categories: Array.from({ length: 65 }, (_, i) => `c${i}`) },
      'categories: must list at most 64 categories',
    ],
    ['enabled as text', { ...sse, enabled: 'false' }, 'enabled: must be true or false, not a string'],
    ['hidden as a number', { ...sse, hidden: 1 }, 'hidden: must be true or false, not a number'],
    [
      'allowPassThroughAuth as an array',
      { ...sse, allowPassThroughAuth: [] },
      'allowPassThroughAuth: must be true or false, not an array',
    ],
    [
      'zero timeout',
      { ...sse, requestTimeout: 0 },
      'requestTimeout: must be a number of seconds greater than 0 and at most 600, not 0',
    ],
    [
      'timeout over the maximum',
      { ...sse, RequestTimeout: 601 },
      'RequestTimeout: must be a number of seconds greater than 0 and at most 600, not 601',
    ],
    [
      'timeout as text',
      { ...sse, requestTimeout: '15s' },
      'requestTimeout: must be a number of seconds greater than 0 and at most 600, not a string',
    ],
    [
      'timeout below a millisecond',
      { ...sse, requestTimeout: 0.0001 },
      'requestTimeout: must be a number of seconds greater than 0 and at most 600, not 0.0001',
    ],
    ['unknown field', { ...sse, hiden: true }, 'hiden: unknown field (did you mean "hidden"?)'],
    [
      'misspelt field',
      { ...sse, display_name: 'Media' },
      'display_name: unknown field (did you mean "displayName"?)',
    ],
    ['unknown field with no suggestion', { ...sse, colour: 'red' }, 'colour: unknown field'],
    [
      'both spellings of a field',
      { ...sse, category: 'a', categories: ['b'] },
      'categories: give either "category" or "categories", not both',
    ],
    [
      'both timeout spellings',
      { ...sse, requestTimeout: 5, RequestTimeout: 6 },
      'RequestTimeout: give either "requestTimeout" or "RequestTimeout", not both',
    ],
  ])('%s', (_name, raw, problem) => {
    expect(problemsOf(raw)).toContain(problem);
  });

  it.each([
    'sse',
    'mcp',
    'message',
    'messages',
    'health',
    'ready',
    'metrics',
    'docs',
    'api',
    'admin',
    'well-known',
    'router',
    'logs',
    'ui',
  ])('refuses the reserved id %s', (id) => {
    expect(problemsOf({ ...sse, id })[0]).toMatch(
      new RegExp(`^id: "${id}" is reserved by the gateway \\(sse, mcp, `),
    );
  });

  it('refuses a custom backend that is not registered', () => {
    expect(problemsOf({ id: 'plex', type: 'custom', url: 'plex' }, { customBackendNames: [] })).toEqual([
      'url: no custom backend named "plex" is registered (registered: none)',
    ]);
  });

  it('reports every problem of a record at once, without echoing secrets', () => {
    const problems = problemsOf({
      id: 'API',
      type: 'sse',
      url: 'https://user:pw@x/',
      enabled: 'yes',
      secretProvider: 'Environment',
      secretItemKey: 'sk-live-123',
      headersJson: '{"X-A": "secret\\nvalue"}',
    });
    expect(problems).toHaveLength(5);
    expect(problems.join('\n')).not.toMatch(/sk-live|secret\\nvalue|pw@/);
  });
});
