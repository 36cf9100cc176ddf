import { checkJwksUri, discoveryUrl } from './oidc-discovery';
import { classifyOidcFailure, OIDC_FAILURE_REASONS } from './oidc-verification-result';

describe('discoveryUrl', () => {
  it.each([
    ['https://idp.example', 'https://idp.example/.well-known/openid-configuration'],
    ['https://idp.example/', 'https://idp.example/.well-known/openid-configuration'],
    ['https://idp.example/realms/home', 'https://idp.example/realms/home/.well-known/openid-configuration'],
  ])('%s -> %s', (issuer, expected) => {
    expect(discoveryUrl(issuer)).toBe(expected);
  });
});

describe('checkJwksUri', () => {
  it.each([
    ['https://idp.example', 'https://keys.idp-cdn.example/jwks', true],
    ['https://idp.example', 'http://idp.example/jwks', false],
    ['https://idp.example', 'http://127.0.0.1/jwks', false],
    ['http://127.0.0.1:8080', 'http://localhost:8080/jwks', true],
    ['http://127.0.0.1:8080', 'https://idp.example/jwks', true],
    ['http://127.0.0.1:8080', 'http://10.0.0.5/jwks', false],
    ['https://idp.example', 'https://user:pw@idp.example/jwks', false],
    ['https://idp.example', '/jwks', false],
    ['https://idp.example', 42, false],
  ])('issuer %s with jwks_uri %j accepted: %s', (issuer, jwksUri, accepted) => {
    expect(checkJwksUri(issuer, jwksUri) instanceof URL).toBe(accepted);
  });
});

describe('classifyOidcFailure', () => {
  it('puts every reason in exactly one class', () => {
    const classes = OIDC_FAILURE_REASONS.map((reason) => [reason, classifyOidcFailure(reason)]);
    expect(Object.fromEntries(classes)).toMatchObject({
      expired: 'invalid-token',
      'wrong-audience': 'invalid-token',
      'discovery-failed': 'unavailable',
      'keys-unavailable': 'unavailable',
    });
    expect(classes.every(([, kind]) => kind === 'invalid-token' || kind === 'unavailable')).toBe(true);
  });
});
