import { SERVER_INPUT_FIELD_NAMES } from './server-input-fields';
import { validateServerInput } from './server-input.validator';

const sse = { id: 'media', url: 'https://media.lan/sse', type: 'sse' };

function problemsOf(raw: unknown): string[] {
  const result = validateServerInput(raw);
  return result.ok ? [] : result.problems;
}

describe('validateServerInput: hostile input', () => {
  it.each([
    ['null', null, 'null'],
    ['a string', 'id: media', 'a string'],
    ['an array', [sse], 'an array'],
    ['a number', 42, 'a number'],
    ['undefined', undefined, 'undefined'],
    ['a Map', new Map(Object.entries(sse)), 'an instance of a class'],
    [
      'a class instance',
      new (class Server {
        id = 'media';
      })(),
      'an instance of a class',
    ],
  ])('refuses %s as the record', (_name, raw, described) => {
    expect(problemsOf(raw)).toEqual([`server: must be a plain object of server fields, not ${described}`]);
  });

  it('treats a JSON "__proto__" key as an unknown field and leaves Object.prototype alone', () => {
    const raw: unknown = JSON.parse(
      '{"id":"media","url":"https://media.lan/","type":"sse","__proto__":{"hidden":true}}',
    );
    expect(problemsOf(raw)).toEqual(['__proto__: unknown field']);
    expect(({} as Record<string, unknown>)['hidden']).toBeUndefined();
  });

  it('accepts a null-prototype record and refuses one with a custom prototype', () => {
    const inherited = Object.create({ hidden: 'not a boolean' }) as Record<string, unknown>;
    Object.assign(inherited, sse);
    expect(problemsOf(Object.assign(Object.create(null) as object, sse))).toEqual([]);
    expect(problemsOf(inherited)).toEqual([
      'server: must be a plain object of server fields, not an instance of a class',
    ]);
  });

  it('keeps a header named "__proto__" as an own header, not a prototype', () => {
    const result = validateServerInput({ ...sse, headersJson: '{"__proto__": "x", "X-A": "1"}' });
    expect(result.ok && Object.getPrototypeOf(result.server.headers)).toBe(Object.prototype);
    expect(result.ok && Object.keys(result.server.headers)).toEqual(['__proto__', 'X-A']);
  });

  it.each(['constructor', 'toString', 'hasOwnProperty', 'valueOf'])(
    'reports %s as an unknown field',
    (name) => {
      expect(problemsOf({ ...sse, [name]: 'x' })).toEqual([`${name}: unknown field`]);
    },
  );

  it('reports ten unknown fields and counts the rest, with safe names', () => {
    const raw: Record<string, unknown> = { ...sse };
    for (let index = 0; index < 1000; index += 1) {
      raw[`junk${index}\n${'z'.repeat(100)}`] = index;
    }
    const problems = problemsOf(raw);
    expect(problems).toHaveLength(11);
    expect(problems[0]).toBe(`"junk0\\n${'z'.repeat(34)}…": unknown field`);
    expect(problems[10]).toBe('server: 990 more unknown fields');
  });

  it('bounds every problem for megabyte-long values', () => {
    const huge = 'x'.repeat(2_000_000);
    const fields = Object.fromEntries(
      Object.values(SERVER_INPUT_FIELD_NAMES).map((names): [string, string] => [names[0], huge]),
    );
    const started = performance.now();
    const problems = problemsOf(fields);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(problems.length).toBeGreaterThan(5);
    for (const problem of problems) {
      expect(problem.length).toBeLessThan(300);
    }
  });

  it.each([
    ['a number', 1],
    ['a boolean', true],
    ['an array', ['x']],
    ['an object', { x: 1 }],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
  ])('reports %s in every field instead of throwing', (_name, value) => {
    const fields = Object.fromEntries(
      Object.values(SERVER_INPUT_FIELD_NAMES).map((names): [string, unknown] => [names[0], value]),
    );
    const problems = problemsOf(fields);
    expect(problems.length).toBeGreaterThan(3);
    expect(problems.every((problem) => /^[A-Za-z]+: /.test(problem))).toBe(true);
  });

  it('turns throwing getters and proxies into a problem', () => {
    const getter = Object.defineProperty({ ...sse }, 'displayName', {
      enumerable: true,
      get: () => {
        throw new Error('boom');
      },
    });
    const proxy = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('boom');
        },
      },
    );
    expect(problemsOf(getter)).toEqual(['server: could not be read as plain data']);
    expect(problemsOf(proxy)).toEqual(['server: could not be read as plain data']);
  });

  it('refuses deeply nested header JSON without a stack overflow', () => {
    const deep = `{"X-A": ${'['.repeat(5000)}${']'.repeat(5000)}}`;
    expect(problemsOf({ ...sse, headersJson: deep })).toEqual([
      'headersJson: header "X-A" must have a string value, not an array',
    ]);
  });
});
