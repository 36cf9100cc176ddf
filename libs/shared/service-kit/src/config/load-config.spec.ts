import { IsString, MinLength } from 'class-validator';
import { BaseServiceConfig } from './base-service-config';
import { ConfigurationError, loadConfig } from './load-config';

class ExampleConfig extends BaseServiceConfig {
  @IsString()
  @MinLength(16, { message: 'must be at least 16 characters' })
  EXAMPLE_API_KEY!: string;
}

const DEFAULTS = { PORT: '8080', DATABASE_DATA_DIR: './.data/example' };

function problemsOf(environment: Record<string, string | undefined>): readonly string[] {
  try {
    loadConfig(ExampleConfig, environment, DEFAULTS);
  } catch (error) {
    if (error instanceof ConfigurationError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigurationError');
}

describe('loadConfig', () => {
  const valid = { EXAMPLE_API_KEY: 'k'.repeat(16) };

  it('applies service defaults and class defaults', () => {
    const config = loadConfig(ExampleConfig, valid, DEFAULTS);
    expect(config).toMatchObject({
      PORT: 8080,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATABASE_URL: undefined,
      DATABASE_DATA_DIR: './.data/example',
      DATABASE_RUN_MIGRATIONS: true,
      DATABASE_POOL_SIZE: 10,
      SHUTDOWN_GRACE_MS: 10_000,
      DOCS_ENABLED: true,
    });
    expect(config).toBeInstanceOf(ExampleConfig);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('parses environment strings into typed values', () => {
    const config = loadConfig(
      ExampleConfig,
      {
        ...valid,
        PORT: '9000',
        DATABASE_RUN_MIGRATIONS: 'off',
        DOCS_ENABLED: 'FALSE',
        DATABASE_URL: 'postgresql://user:pw@db.internal:5432/app?sslmode=require',
        LOG_LEVEL: 'debug',
      },
      DEFAULTS,
    );
    expect(config.PORT).toBe(9000);
    expect(config.DATABASE_RUN_MIGRATIONS).toBe(false);
    expect(config.DOCS_ENABLED).toBe(false);
    expect(config.DATABASE_URL).toBe('postgresql://user:pw@db.internal:5432/app?sslmode=require');
    expect(config.LOG_LEVEL).toBe('debug');
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig(ExampleConfig, { ...valid, PORT: '', DATABASE_URL: '' }, DEFAULTS);
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable with what is wrong', () => {
    expect(
      problemsOf({
        PORT: '80abc',
        DATABASE_RUN_MIGRATIONS: 'maybe',
        DATABASE_URL: 'mysql://localhost/db',
        LOG_LEVEL: 'loud',
        DATABASE_POOL_SIZE: '0',
      }),
    ).toEqual([
      'EXAMPLE_API_KEY: must be at least 16 characters',
      'PORT: must be an integer between 1 and 65535',
      'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent',
      'DATABASE_URL: must be a postgres:// or postgresql:// URL',
      'DATABASE_RUN_MIGRATIONS: must be true or false',
      'DATABASE_POOL_SIZE: must be an integer between 1 and 100',
    ]);
  });

  it('reports a missing required variable', () => {
    expect(problemsOf({})).toEqual(['EXAMPLE_API_KEY: must be at least 16 characters']);
  });

  it('rejects out-of-range ports', () => {
    expect(problemsOf({ ...valid, PORT: '70000' })).toEqual(['PORT: must be an integer between 1 and 65535']);
    expect(problemsOf({ ...valid, PORT: '-1' })).toEqual(['PORT: must be an integer between 1 and 65535']);
  });

  it('never echoes the rejected value, which may be a secret', () => {
    const secret = 'sup3r-s3cret';
    const error = (() => {
      try {
        loadConfig(
          ExampleConfig,
          { EXAMPLE_API_KEY: secret, DATABASE_URL: `http://u:${secret}@x/y` },
          DEFAULTS,
        );
      } catch (caught) {
        return caught as Error;
      }
      throw new Error('expected a ConfigurationError');
    })();
    expect(error.message).toContain('EXAMPLE_API_KEY');
    expect(error.message).toContain('DATABASE_URL');
    expect(error.message).not.toContain(secret);
  });
});
