import { extractCredential } from './credential.extractor';

describe('extractCredential', () => {
  it('prefers the Authorization bearer token over every other location', () => {
    expect(
      extractCredential(
        { authorization: 'Bearer first', 'x-app-key': 'second', 'x-api-key': 'third' },
        { app_key: 'q' },
      ),
    ).toEqual({ value: 'first', source: 'authorization' });
  });

  it('falls through the locations in the spec order', () => {
    expect(extractCredential({ 'x-app-key': 'a', 'x-api-key': 'b' }, { key: 'c' })).toEqual({
      value: 'a',
      source: 'x-app-key',
    });
    expect(extractCredential({ 'x-api-key': 'b' }, { key: 'c' })).toEqual({
      value: 'b',
      source: 'x-api-key',
    });
    expect(extractCredential({}, { key: 'c', api_key: 'b', app_key: 'a' })).toEqual({
      value: 'a',
      source: 'query',
    });
    expect(extractCredential({}, { key: 'c', api_key: 'b' })).toEqual({ value: 'b', source: 'query' });
    expect(extractCredential({}, { key: 'c' })).toEqual({ value: 'c', source: 'query' });
  });

  it('accepts the Bearer scheme in any case and with extra spaces', () => {
    expect(extractCredential({ authorization: 'bearer   tok ' }, {})).toEqual({
      value: 'tok',
      source: 'authorization',
    });
  });

  it('ignores other schemes, empty values and non-string query values', () => {
    expect(extractCredential({ authorization: 'Basic dXNlcjpwdw==' }, {})).toBeUndefined();
    expect(extractCredential({ authorization: 'Bearer' }, {})).toBeUndefined();
    expect(extractCredential({ authorization: 'Bearer a b' }, {})).toBeUndefined();
    expect(
      extractCredential({ 'x-app-key': '   ' }, { app_key: ['a', 'b'], key: { nested: 1 } }),
    ).toBeUndefined();
    expect(extractCredential({}, {})).toBeUndefined();
  });

  it('falls back to the next location when the Authorization header is not a bearer token', () => {
    expect(extractCredential({ authorization: 'Basic abc', 'x-api-key': 'k' }, {})).toEqual({
      value: 'k',
      source: 'x-api-key',
    });
  });

  it('bounds absurdly long credentials', () => {
    const credential = extractCredential({ 'x-app-key': 'a'.repeat(100_000) }, {});
    expect(credential?.value).toHaveLength(16 * 1024);
  });
});
