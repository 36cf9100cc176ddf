import {
  buildProtectedResourceMetadata,
  buildWwwAuthenticateHeader,
  protectedResourceMetadataUrl,
} from './protected-resource-metadata';

describe('buildProtectedResourceMetadata', () => {
  it('lists the issuers as authorization servers and only the header bearer method', () => {
    expect(
      buildProtectedResourceMetadata({
        resource: 'https://gw.example/mcp',
        authorizationServers: ['https://idp.example/realms/home'],
        scopesSupported: ['mcp:tools'],
        resourceName: 'MCP Gateway',
      }),
    ).toEqual({
      resource: 'https://gw.example/mcp',
      authorization_servers: ['https://idp.example/realms/home'],
      bearer_methods_supported: ['header'],
      scopes_supported: ['mcp:tools'],
      resource_name: 'MCP Gateway',
    });
  });

  it('leaves optional fields out instead of publishing empty ones', () => {
    const metadata = buildProtectedResourceMetadata({
      resource: 'https://gw.example/mcp',
      authorizationServers: [],
      scopesSupported: [],
    });
    expect(Object.keys(metadata).sort()).toEqual([
      'authorization_servers',
      'bearer_methods_supported',
      'resource',
    ]);
  });

  it('refuses a resource with a fragment or a non-http scheme', () => {
    expect(() =>
      buildProtectedResourceMetadata({ resource: 'https://gw.example/mcp#x', authorizationServers: [] }),
    ).toThrow(TypeError);
    expect(() =>
      buildProtectedResourceMetadata({ resource: 'urn:gateway', authorizationServers: [] }),
    ).toThrow(TypeError);
  });
});

describe('protectedResourceMetadataUrl', () => {
  it.each([
    ['https://gw.example/mcp', 'https://gw.example/.well-known/oauth-protected-resource/mcp'],
    ['https://gw.example/mcp/', 'https://gw.example/.well-known/oauth-protected-resource/mcp'],
    ['https://gw.example', 'https://gw.example/.well-known/oauth-protected-resource'],
    [
      'https://gw.example:8443/a/b?tenant=1',
      'https://gw.example:8443/.well-known/oauth-protected-resource/a/b?tenant=1',
    ],
  ])('%s -> %s', (resource, expected) => {
    expect(protectedResourceMetadataUrl(resource)).toBe(expected);
  });
});

describe('buildWwwAuthenticateHeader', () => {
  const resourceMetadataUrl = 'https://gw.example/.well-known/oauth-protected-resource/mcp';

  it('points a client without credentials at the metadata', () => {
    expect(buildWwwAuthenticateHeader({ resourceMetadataUrl })).toBe(
      `Bearer realm="mcp", resource_metadata="${resourceMetadataUrl}"`,
    );
  });

  it('adds the RFC 6750 error fields and the needed scopes', () => {
    expect(
      buildWwwAuthenticateHeader({
        resourceMetadataUrl,
        error: 'insufficient_scope',
        errorDescription: 'needs admin',
        scopes: ['mcp:tools', 'mcp:admin'],
      }),
    ).toBe(
      `Bearer realm="mcp", resource_metadata="${resourceMetadataUrl}", error="insufficient_scope", error_description="needs admin", scope="mcp:tools mcp:admin"`,
    );
  });

  it('escapes quotes and backslashes and drops characters a header cannot carry', () => {
    const header = buildWwwAuthenticateHeader({
      resourceMetadataUrl,
      error: 'invalid_token',
      errorDescription: 'bad "aud"\\\r\nSet-Cookie: x=1 é',
    });
    expect(header).toContain('error_description="bad \\"aud\\"\\\\Set-Cookie: x=1 "');
    expect(header).not.toMatch(/[\r\n]/);
  });
});
