import { passThroughAuthorization } from './pass-through-authorization';

const allowing = { id: 'github', allowPassThroughAuth: true };
const denying = { id: 'github', allowPassThroughAuth: false };
const APP_KEY = `mcp-usr-${'a1'.repeat(16)}-${'b2'.repeat(32)}`;

describe('passThroughAuthorization', () => {
  it('ignores X-Target-Auth unless the backend allows pass-through', () => {
    expect(passThroughAuthorization('Bearer user-token', denying)).toEqual({ kind: 'static' });
  });

  it('keeps the static secret when no X-Target-Auth is sent', () => {
    expect(passThroughAuthorization(undefined, allowing)).toEqual({ kind: 'static' });
    expect(passThroughAuthorization('  ', allowing)).toEqual({ kind: 'static' });
    expect(passThroughAuthorization([], allowing)).toEqual({ kind: 'static' });
  });

  it('forwards the value as the Authorization header, trimmed', () => {
    expect(passThroughAuthorization('  Bearer user-token ', allowing)).toEqual({
      kind: 'pass-through',
      authorization: 'Bearer user-token',
    });
    expect(passThroughAuthorization(['token abc'], allowing)).toEqual({
      kind: 'pass-through',
      authorization: 'token abc',
    });
  });

  it.each(['Bearer a\r\nX-Evil: 1', 'Bearer a\nb', 'Bearer a\u0000', 'Bearer \u0007', 'Bearer €'])(
    'refuses the unsafe value %j without quoting it',
    (value) => {
      const result = passThroughAuthorization(value, allowing);
      expect(result).toMatchObject({ kind: 'invalid', message: expect.stringMatching(/^X-Target-Auth /) });
      expect(JSON.stringify(result)).not.toContain('X-Evil');
    },
  );

  it('refuses a repeated header', () => {
    expect(passThroughAuthorization(['Bearer a', 'Bearer b'], allowing)).toEqual({
      kind: 'invalid',
      message: 'X-Target-Auth was sent more than once',
    });
  });

  it('never forwards a gateway AppKey or the credential the caller authenticated with', () => {
    for (const value of [APP_KEY, `Bearer ${APP_KEY}`, `Bearer ${APP_KEY.toUpperCase()}`]) {
      const result = passThroughAuthorization(value, allowing);
      expect(result).toMatchObject({
        kind: 'invalid',
        message: expect.stringContaining('gateway credential'),
      });
      expect(JSON.stringify(result)).not.toContain(APP_KEY.slice(-64));
    }
    const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhIn0.c2ln';
    expect(passThroughAuthorization(`Bearer ${jwt}`, allowing, { callerCredentials: [jwt] })).toMatchObject({
      kind: 'invalid',
    });
    expect(
      passThroughAuthorization('Bearer other', allowing, { callerCredentials: [jwt, ''] }),
    ).toMatchObject({
      kind: 'pass-through',
    });
  });
});
