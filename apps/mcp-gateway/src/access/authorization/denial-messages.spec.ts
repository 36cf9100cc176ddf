import { DIRECT_PROXY_METHOD, MCP_METHODS } from '@platform/scopes';
import { permissionDeniedMessage, scopeRejectionMessage } from './denial-messages';

describe('denial messages', () => {
  it('gives the spec text for an AppKey scope rejection, with the target as requested', () => {
    expect(scopeRejectionMessage('Media__Search')).toBe(
      "AppKey rejected: requested target 'Media__Search' is outside the key's allowed scopes",
    );
  });

  it.each(['tools/call', 'execute_tool'])('gives the capability matrix text for %s', (method) => {
    expect(permissionDeniedMessage(method, 'media__search')).toBe(
      "User does not have permission to execute tool 'media__search'",
    );
  });

  it.each([
    ['prompts/get', "User does not have permission to get prompt 'media__greet'"],
    ['resources/read', "User does not have permission to read resource 'media__greet'"],
    [DIRECT_PROXY_METHOD, "User does not have permission to access server 'media__greet'"],
    ['tools/delete', "User does not have permission to call method 'tools/delete'"],
  ])('names the target for %s', (method, message) => {
    expect(permissionDeniedMessage(method, 'media__greet')).toBe(message);
  });

  it('names the target for every method of the capability matrix', () => {
    for (const method of MCP_METHODS) {
      expect(permissionDeniedMessage(method, 'the-target')).toMatch(
        /^User does not have permission to .+ 'the-target'$/,
      );
    }
  });
});
