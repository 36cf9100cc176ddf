import { dataSourceOptions, sessionOptions } from './migrations';

describe('session settings of a service pool', () => {
  it('sends each setting as a -c option of the startup packet', () => {
    expect(sessionOptions({})).toBeUndefined();
    expect(sessionOptions({ max_parallel_workers_per_gather: '0', statement_timeout: '30s' })).toBe(
      '-c max_parallel_workers_per_gather=0 -c statement_timeout=30s',
    );
    const options = dataSourceOptions(
      { schema: 'curation', migrations: [], entities: [], sessionSettings: { jit: 'off' } },
      'postgres://postgres@127.0.0.1/postgres',
      4,
    );
    expect(options.extra).toEqual({ max: 4, application_name: 'curation', options: '-c jit=off' });
  });

  it('refuses names and values that could smuggle another option', () => {
    for (const [name, value] of [
      ['jit', 'off -c role=postgres'],
      ['jit off', 'x'],
      ['JIT', 'off'],
      ['jit', ''],
      ['jit', 'o\\ff'],
      ['search_path', 'a,b'],
    ] as const) {
      expect(() => sessionOptions({ [name]: value })).toThrow(/Invalid session setting/);
    }
  });
});
