// Invariants of everything that turns configuration or caller input into outgoing headers:
// whatever the input, no output header value carries CR, LF or NUL, every output header name is
// a valid, allowed token, and no refusal message quotes the secret.
import fc from 'fast-check';
import { AUTH_SHAPES } from '../backend-server';
import { applyBackendAuth } from './apply-backend-auth';
import { headerNameProblem } from './http-field-syntax';
import { parseHeadersJson } from './parse-headers-json';
import { passThroughAuthorization } from './pass-through-authorization';

/** Characters that break headers, mixed with ordinary ones so that near-valid inputs are common. */
const hostileText = fc.string({
  unit: fc.oneof(
    fc.constantFrom(
      '\r',
      '\n',
      '\u0000',
      '\t',
      ' ',
      ':',
      ';',
      '=',
      '"',
      '\u007f',
      '\u2028',
      'é',
      '€',
      '\ud800',
    ),
    fc.constantFrom('a', 'B', '7', '-', '_', 'X', 'k'),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  ),
  maxLength: 40,
});
const anyText = fc.oneof(hostileText, fc.string({ unit: 'binary' }), fc.string());

/** CR, LF or NUL anywhere in the value. */
function carriesBreakingCharacter(value: string): boolean {
  return ['\r', '\n', '\u0000'].some((character) => value.includes(character));
}

function expectSafeHeaders(headers: Readonly<Record<string, string>>): void {
  for (const [name, value] of Object.entries(headers)) {
    expect(headerNameProblem(name)).toBeUndefined();
    expect(carriesBreakingCharacter(value)).toBe(false);
  }
}

describe('backend auth properties', () => {
  it('applyBackendAuth never emits CR, LF or NUL and never quotes the secret', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...AUTH_SHAPES),
        anyText,
        fc.option(anyText, { nil: undefined }),
        (shape, secret, parameter) => {
          const result = applyBackendAuth(shape, secret, parameter);
          if (result.ok) {
            expectSafeHeaders(result.headers);
            for (const [name, value] of Object.entries(result.query)) {
              expect(name).toMatch(/^[A-Za-z0-9._~-]+$/);
              expect(carriesBreakingCharacter(value)).toBe(false);
            }
          } else if (secret.length >= 8) {
            expect(result.message).not.toContain(secret);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('applyBackendAuth accepts every printable ASCII secret for the header shapes', () => {
    const printable = fc.string({
      unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)),
      minLength: 1,
    });
    fc.assert(
      fc.property(
        fc.constantFrom('bearer', 'x-api-key', 'raw', 'custom-header', 'query') as fc.Arbitrary<
          'bearer' | 'x-api-key' | 'raw' | 'custom-header' | 'query'
        >,
        printable,
        (shape, secret) => {
          const result = applyBackendAuth(shape, secret, shape === 'query' ? 'key' : 'X-Token');
          expect(result.ok).toBe(true);
          const placed = result.ok ? [...Object.values(result.headers), ...Object.values(result.query)] : [];
          expect(placed.some((value) => value.endsWith(secret))).toBe(true);
        },
      ),
    );
  });

  it('parseHeadersJson only accepts objects whose names and values are safe', () => {
    // Mostly valid names, so that the values are what decides.
    const headerName = fc.oneof(
      { weight: 4, arbitrary: fc.stringMatching(/^X-[A-Za-z0-9-]{1,12}$/) },
      { weight: 1, arbitrary: anyText },
    );
    const headerObject = fc.dictionary(headerName, fc.oneof(anyText, fc.integer(), fc.constant(null)), {
      maxKeys: 4,
    });
    fc.assert(
      fc.property(
        fc.oneof(
          headerObject.map((object) => JSON.stringify(object)),
          anyText,
        ),
        (text) => {
          const result = parseHeadersJson(text);
          if (result.ok) expectSafeHeaders(result.headers);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('passThroughAuthorization only forwards safe values', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, fc.array(anyText, { maxLength: 3 })), fc.boolean(), (value, allowed) => {
        const decision = passThroughAuthorization(value, { id: 'x', allowPassThroughAuth: allowed });
        if (decision.kind === 'pass-through') {
          expect(allowed).toBe(true);
          expect(carriesBreakingCharacter(decision.authorization)).toBe(false);
          expect(decision.authorization).toBe(decision.authorization.trim());
        }
        if (decision.kind === 'invalid' && typeof value === 'string' && value.trim().length >= 8) {
          expect(decision.message).not.toContain(value.trim());
        }
      }),
      { numRuns: 2000 },
    );
  });
});
