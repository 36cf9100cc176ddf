// What a stdio backend inherits: an allow-list of the gateway's variables (never other
// services' secrets, never code-injecting variables), and its secret only under the configured
// name and MCP_API_KEY.
import fc from 'fast-check';
import {
  buildChildEnvironment,
  isAllowedSecretVariable,
  isInheritedVariable,
  isRemovedVariable,
} from './child-environment';

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
  TERM_BRIDGE_API_KEY: 'bridge-key',
  SOME_OTHER_SECRET: 'other',
  AWS_SECRET_ACCESS_KEY: 'aws',
  UNSET: undefined,
};

describe('buildChildEnvironment', () => {
  it("passes only the allow-listed variables: no other service's secret, nothing that injects code", () => {
    expect(buildChildEnvironment(PARENT, undefined)).toEqual({
      PATH: '/usr/bin',
      HOME: '/home/gateway',
      LANG: 'C.UTF-8',
    });
  });

  it('passes locale, time zone, temporary directory, certificates and proxies without credentials', () => {
    const parent = {
      LC_ALL: 'C.UTF-8',
      LC_TIME: 'de_DE.UTF-8',
      TZ: 'Europe/Berlin',
      TMPDIR: '/var/tmp',
      NODE_EXTRA_CA_CERTS: '/etc/ssl/extra.pem',
      SSL_CERT_FILE: '/etc/ssl/certs/ca.pem',
      SSL_CERT_DIR: '/etc/ssl/certs',
      HTTPS_PROXY: 'http://proxy.lan:3128',
      no_proxy: 'localhost,.lan',
      http_proxy: 'http://user:password@proxy.lan:3128',
      ALL_PROXY: 'socks5://u:p@proxy.lan:1080',
    };
    expect(buildChildEnvironment(parent, undefined)).toEqual({
      LC_ALL: 'C.UTF-8',
      LC_TIME: 'de_DE.UTF-8',
      TZ: 'Europe/Berlin',
      TMPDIR: '/var/tmp',
      NODE_EXTRA_CA_CERTS: '/etc/ssl/extra.pem',
      SSL_CERT_FILE: '/etc/ssl/certs/ca.pem',
      SSL_CERT_DIR: '/etc/ssl/certs',
      HTTPS_PROXY: 'http://proxy.lan:3128',
      no_proxy: 'localhost,.lan',
    });
  });

  it('passes the variables the operator names, and a proxy with credentials only when named', () => {
    const parent = { ...PARENT, AWS_REGION: 'eu-west-1', http_proxy: 'http://u:p@proxy:3128' };
    const environment = buildChildEnvironment(parent, undefined, 'API_KEY', ['AWS_REGION', 'http_proxy']);
    expect(environment['AWS_REGION']).toBe('eu-west-1');
    expect(environment['http_proxy']).toBe('http://u:p@proxy:3128');
    expect(environment).not.toHaveProperty('AWS_SECRET_ACCESS_KEY');
  });

  it('never passes a removed variable, even when the operator names it', () => {
    const environment = buildChildEnvironment(PARENT, undefined, 'API_KEY', ['NODE_OPTIONS', 'DATABASE_URL']);
    expect(environment).not.toHaveProperty('NODE_OPTIONS');
    expect(environment).not.toHaveProperty('DATABASE_URL');
  });

  it('passes nothing outside the allow-list, whatever the variable is called', () => {
    const name = fc
      .stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,30}$/)
      .filter((candidate) => !isInheritedVariable(candidate));
    fc.assert(
      fc.property(fc.dictionary(name, fc.string()), (parent) => {
        expect(Object.keys(buildChildEnvironment(parent, undefined))).toEqual([]);
      }),
    );
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
      ['GITHUB_TOKEN'],
    );
    expect(environment['GITHUB_TOKEN']).toBe('s3cr3t');
    expect(environment['MCP_API_KEY']).toBe('s3cr3t');
    expect(environment).not.toHaveProperty('API_KEY');
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

  it.each([
    'NODE_OPTIONS',
    'ld_preload',
    'PATH',
    'HOME',
    'https_proxy',
    'LC_ALL',
    'GATEWAY_KEY',
    '1KEY',
    'A-B',
    'A=B',
    '',
  ])('refuses the secret in %j', (name) => expect(isAllowedSecretVariable(name)).toBe(false));
});
