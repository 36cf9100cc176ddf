// What a stdio backend inherits: code-injecting and gateway variables never; its secret only
// under the configured name and MCP_API_KEY.
import { buildChildEnvironment, isAllowedSecretVariable, isRemovedVariable } from './child-environment';

const PARENT = {
  PATH: '/usr/bin',
  HOME: '/home/gateway',
  LANG: 'C.UTF-8',
  NODE_OPTIONS: '--require /tmp/hook.js',
  node_options: '--require /tmp/hook.js',
  LD_PRELOAD: '/tmp/hook.so',
  LD_LIBRARY_PATH: '/tmp',
  PYTHONPATH: '/tmp',
  PYTHONSTARTUP: '/tmp/x.py',
  DYLD_INSERT_LIBRARIES: '/tmp/x.dylib',
  dyld_library_path: '/tmp',
  npm_config_call: 'sh -c id',
  NPM_CONFIG_NODE_OPTIONS: '--require /tmp/hook.js',
  GATEWAY_ADMIN_TOKEN: 'gateway-secret',
  Gateway_Vault_Token: 'gateway-secret',
  DATABASE_URL: 'postgres://u:p@db/gateway',
  API_KEY: 'someone-elses-key',
  MCP_API_KEY: 'someone-elses-key',
  UNSET: undefined,
};

describe('buildChildEnvironment', () => {
  it('keeps ordinary variables and removes the dangerous ones whatever their case', () => {
    expect(buildChildEnvironment(PARENT, undefined)).toEqual({
      PATH: '/usr/bin',
      HOME: '/home/gateway',
      LANG: 'C.UTF-8',
    });
  });

  it('puts the secret under API_KEY and MCP_API_KEY by default', () => {
    const environment = buildChildEnvironment(PARENT, 's3cr3t');
    expect(environment['API_KEY']).toBe('s3cr3t');
    expect(environment['MCP_API_KEY']).toBe('s3cr3t');
  });

  it('uses the configured variable instead of API_KEY, and drops an inherited one of that name', () => {
    const environment = buildChildEnvironment(
      { ...PARENT, GITHUB_TOKEN: 'inherited' },
      's3cr3t',
      'GITHUB_TOKEN',
    );
    expect(environment['GITHUB_TOKEN']).toBe('s3cr3t');
    expect(environment['MCP_API_KEY']).toBe('s3cr3t');
    expect(environment['API_KEY']).toBe('someone-elses-key');
  });

  it('does not change the parent environment', () => {
    const parent = { ...PARENT };
    buildChildEnvironment(parent, 's3cr3t');
    expect(parent).toEqual(PARENT);
  });
});

describe('isRemovedVariable / isAllowedSecretVariable', () => {
  it.each([
    'NODE_OPTIONS',
    'Node_Options',
    'LD_PRELOAD',
    'DYLD_ANYTHING',
    'npm_config_x',
    'GATEWAY_X',
    'database_url',
  ])('removes %s', (name) => expect(isRemovedVariable(name)).toBe(true));

  it.each(['API_KEY', 'GITHUB_TOKEN', '_KEY', 'key1'])('allows the secret in %s', (name) => {
    expect(isAllowedSecretVariable(name)).toBe(true);
  });

  it.each(['NODE_OPTIONS', 'ld_preload', 'PATH', 'GATEWAY_KEY', '1KEY', 'A-B', 'A=B', ''])(
    'refuses the secret in %j',
    (name) => expect(isAllowedSecretVariable(name)).toBe(false),
  );
});
