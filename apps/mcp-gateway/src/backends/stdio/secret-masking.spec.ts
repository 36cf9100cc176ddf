// The secret never shows in stderr logs or described command lines, even when a line is cut
// in the middle of it.
import fc from 'fast-check';
import { describeCommandLine, maskLogLine, maskSecret, TRUNCATION_MARK } from './secret-masking';

describe('maskSecret', () => {
  it('replaces every occurrence', () => {
    expect(maskSecret('key=abc123 again abc123abc123', 'abc123')).toBe('key=*** again ******');
  });

  it('leaves text alone without a secret', () => {
    expect(maskSecret('abc', undefined)).toBe('abc');
    expect(maskSecret('abc', '')).toBe('abc');
  });
});

describe('maskLogLine', () => {
  it('masks the start of the secret left at the end of a cut line', () => {
    expect(maskLogLine('token=abc1', 'abc123', true)).toBe(`token=***${TRUNCATION_MARK}`);
  });

  it('also scrubs AppKeys and bearer tokens', () => {
    expect(maskLogLine('Authorization: Bearer eyJabc.def', undefined, false)).toBe(
      'Authorization: Bearer [REDACTED]',
    );
  });

  it('leaves neither the secret nor any start of it at the end of any cut of any line', () => {
    const secret = fc.string({ minLength: 1, maxLength: 24 }).filter((text) => !text.includes('*'));
    fc.assert(
      fc.property(secret, fc.string(), fc.string(), fc.nat(), (value, before, after, cut) => {
        const line = `${before}${value}${after}`;
        const kept = line.slice(0, cut % (line.length + 1));
        const truncated = kept.length < line.length;
        const masked = maskLogLine(kept, value, truncated);
        const body = truncated ? masked.slice(0, -TRUNCATION_MARK.length) : masked;
        expect(body).not.toContain(value);
        if (truncated) {
          for (let length = 1; length < value.length; length += 1) {
            expect(body.endsWith(value.slice(0, length))).toBe(false);
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('describeCommandLine', () => {
  it('quotes words that need it and masks the secret', () => {
    expect(describeCommandLine('node "my server.js" --token=s3cr3t', 's3cr3t')).toBe(
      'node "my server.js" --token=***',
    );
  });

  it('escapes control characters so a log line stays one line', () => {
    expect(describeCommandLine('node "a\nb"')).toBe('node "a\\nb"');
  });

  it('describes unparsable lines without throwing', () => {
    expect(describeCommandLine('node "s3cr3t', 's3cr3t')).toBe('"node \\"***" (unbalanced quote)');
  });

  it('never contains the secret', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 3 }), fc.string(), fc.string(), (value, before, after) => {
        expect(describeCommandLine(`${before}${value}${after}`, value)).not.toContain(value);
      }),
    );
  });
});
