import { MAX_EXTRA_HEADERS, parseHeadersJson } from './parse-headers-json';

describe('parseHeadersJson', () => {
  it('reads a JSON object of header names to string values', () => {
    expect(parseHeadersJson('{"X-Team": "media", "Accept-Language": "en", "X-Empty": ""}')).toEqual({
      ok: true,
      headers: { 'X-Team': 'media', 'Accept-Language': 'en', 'X-Empty': '' },
    });
  });

  it('treats blank or absent text as no headers', () => {
    expect(parseHeadersJson(undefined)).toEqual({ ok: true, headers: {} });
    expect(parseHeadersJson('  ')).toEqual({ ok: true, headers: {} });
    expect(parseHeadersJson('{}')).toEqual({ ok: true, headers: {} });
  });

  it('refuses text that is not JSON without quoting it', () => {
    const result = parseHeadersJson('{"X-Token": "tok_secret_value",}');
    expect(result).toEqual({ ok: false, message: 'headersJson is not valid JSON' });
  });

  it.each(['[]', '"text"', '42', 'null', '[["X-A","b"]]'])('refuses %s, which is not an object', (text) => {
    expect(parseHeadersJson(text)).toEqual({
      ok: false,
      message: 'headersJson must be a JSON object mapping header names to string values',
    });
  });

  it.each([
    ['{"X-Count": 3}', 'the value of header X-Count must be a string'],
    ['{"X-A": null}', 'the value of header X-A must be a string'],
    ['{"X-A": "a\\r\\nX-Evil: 1"}', 'the value of header X-A contains a line break (CR or LF)'],
    ['{"X-A": "a\\u0000b"}', 'the value of header X-A contains a NUL character'],
    ['{"X-A": "line\\nbreak"}', 'the value of header X-A contains a line break (CR or LF)'],
    ['{"X-A": " padded"}', 'the value of header X-A has leading or trailing whitespace'],
    ['{"X A": "v"}', 'header name "X A" is not a valid header name (RFC 9110 token characters only)'],
    [
      '{"X-A\\r\\nX-Evil": "v"}',
      'header name "X-A\\r\\nX-Evil" is not a valid header name (RFC 9110 token characters only)',
    ],
    ['{"": "v"}', 'header name "" is empty'],
    [
      '{"Host": "evil.example"}',
      'header name "Host" is a hop-by-hop, framing or MCP transport header managed by the gateway',
    ],
    ['{"X-A": "1", "x-a": "2"}', 'names header x-a more than once (header names are case-insensitive)'],
    [
      '{"authorization": "Bearer abc"}',
      'must not set authorization: put the secret in a secret provider and choose an authShape',
    ],
  ])('refuses %s', (text, problem) => {
    const result = parseHeadersJson(text);
    expect(result).toEqual({ ok: false, message: `headersJson ${problem}` });
    expect(JSON.stringify(result)).not.toContain('X-Evil: 1');
  });

  it('refuses more than the maximum number of headers', () => {
    const many = Object.fromEntries(
      Array.from({ length: MAX_EXTRA_HEADERS + 1 }, (_, index) => [`X-H${index}`, 'v']),
    );
    expect(parseHeadersJson(JSON.stringify(many))).toMatchObject({ ok: false });
  });

  it('keeps a header named __proto__ as an own property', () => {
    const result = parseHeadersJson('{"__proto__": "v"}');
    expect(result.ok && Object.keys(result.headers)).toEqual(['__proto__']);
    expect(result.ok && Object.getPrototypeOf(result.headers)).toBe(Object.prototype);
  });
});
