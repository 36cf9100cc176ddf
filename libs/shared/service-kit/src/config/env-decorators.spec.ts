import { IsString, MinLength } from 'class-validator';
import { BaseServiceConfig } from './base-service-config';
import { EnvIntegerBetween } from './env-decorators';
import { ConfigurationError, loadConfig } from './load-config';

class BoundedConfig extends BaseServiceConfig {
  @EnvIntegerBetween(10, 300, 'seconds')
  REFRESH_SECONDS = 30;

  @EnvIntegerBetween(0, 5)
  RETRIES = 1;

  @IsString()
  @MinLength(1)
  NAME = 'x';
}

const DEFAULTS = { PORT: '8080', DATABASE_DATA_DIR: './.data/example' };

function problemsOf(environment: Record<string, string>): readonly string[] {
  try {
    loadConfig(BoundedConfig, environment, DEFAULTS);
  } catch (error) {
    if (error instanceof ConfigurationError) return error.problems;
    throw error;
  }
  return [];
}

describe('EnvIntegerBetween', () => {
  it('parses an integer within the bounds, both ends included', () => {
    expect(loadConfig(BoundedConfig, { REFRESH_SECONDS: '10', RETRIES: '5' }, DEFAULTS)).toMatchObject({
      REFRESH_SECONDS: 10,
      RETRIES: 5,
    });
    expect(loadConfig(BoundedConfig, { REFRESH_SECONDS: ' 300 ' }, DEFAULTS).REFRESH_SECONDS).toBe(300);
  });

  it.each([['9'], ['301'], ['12.5'], ['30s'], ['-3']])(
    'gives one message naming the unit and range for %j',
    (value) => {
      expect(problemsOf({ REFRESH_SECONDS: value })).toEqual([
        'REFRESH_SECONDS: must be an integer number of seconds between 10 and 300',
      ]);
    },
  );

  it('leaves the unit out when there is none', () => {
    expect(problemsOf({ RETRIES: '-1' })).toEqual(['RETRIES: must be an integer between 0 and 5']);
  });
});
